import { type Config, type DefaultClassGroupIds, validators } from "tailwind-merge";

/*
 * tailwind-merge's default config knows every Tailwind class and costs ~7 kB (brotli) on every page;
 * this one knows only the class groups our code writes, copied from `getDefaultConfig()`
 * (tailwind-merge 3.7) with their names, values and conflicts, plus our theme from app/app.css.
 * app/lib/cn.test.ts checks it against the full config for every class in app/: a class from a
 * group not listed here fails that test, and belongs here, copied from the default config.
 *
 * Order matters where groups share a prefix: a class is matched against the groups' validators in
 * the order they are listed here (`text-lg` is a size before `text-*` takes any colour), so groups
 * keep the default config's order.
 */

const {
  isAny,
  isArbitraryLength,
  isArbitraryNumber,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isArbitraryWeight,
  isArbitraryVariableWeight,
  isArbitraryFamilyName,
  isArbitraryVariableFamilyName,
  isAnyNonArbitrary,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} = validators;

const arbitrary = [isArbitraryVariable, isArbitraryValue];
/** Tailwind's spacing scale (`p-4`, `mt-0.5`) and our `--spacing-section`. */
const spacing = [...arbitrary, "px", "section", isNumber];
const inset = [isFraction, "full", "auto", ...spacing];
const margin = ["auto", ...spacing];
const sizing = [isFraction, "auto", "full", "dvw", "dvh", "lvw", "lvh", "svw", "svh", "min", "max", "fit", ...spacing];
/** Any colour: Tailwind's palette and ours (`brand-*`, `accent-*`), with or without an opacity (`/50`). */
const color = [isAny, ...arbitrary];
const overflow = ["auto", "hidden", "clip", "visible", "scroll"];
const alignSecondary = ["start", "end", "center", "stretch", "center-safe", "end-safe"];
const alignPrimary = ["start", "end", "center", "between", "around", "evenly", "stretch", "baseline", "center-safe", "end-safe"];
const borderWidth = ["", isNumber, isArbitraryVariableLength, isArbitraryLength];

const classGroups = {
  aspect: [{ aspect: ["auto", "square", isFraction, ...arbitrary, "video"] }],
  "break-inside": [{ "break-inside": ["auto", "avoid", "avoid-page", "avoid-column"] }],
  display: [
    "block",
    "inline-block",
    "inline",
    "flex",
    "inline-flex",
    "table",
    "inline-table",
    "table-caption",
    "table-cell",
    "table-column",
    "table-column-group",
    "table-footer-group",
    "table-header-group",
    "table-row-group",
    "table-row",
    "flow-root",
    "grid",
    "inline-grid",
    "contents",
    "list-item",
    "hidden",
  ],
  sr: ["sr-only", "not-sr-only"],
  "object-fit": [{ object: ["contain", "cover", "fill", "none", "scale-down"] }],
  overflow: [{ overflow }],
  "overflow-x": [{ "overflow-x": overflow }],
  "overflow-y": [{ "overflow-y": overflow }],
  position: ["static", "fixed", "absolute", "relative", "sticky"],
  "inset-x": [{ "inset-x": inset }],
  top: [{ top: inset }],
  right: [{ right: inset }],
  bottom: [{ bottom: inset }],
  left: [{ left: inset }],
  z: [{ z: [isInteger, "auto", ...arbitrary] }],
  "flex-direction": [{ flex: ["row", "row-reverse", "col", "col-reverse"] }],
  "flex-wrap": [{ flex: ["nowrap", "wrap", "wrap-reverse"] }],
  flex: [{ flex: [isNumber, isFraction, "auto", "initial", "none", isArbitraryValue] }],
  shrink: [{ shrink: ["", isNumber, ...arbitrary] }],
  "grid-cols": [{ "grid-cols": [isInteger, "none", "subgrid", ...arbitrary] }],
  "col-start-end": [{ col: ["auto", { span: ["full", isInteger, ...arbitrary] }, isInteger, ...arbitrary] }],
  gap: [{ gap: spacing }],
  "gap-x": [{ "gap-x": spacing }],
  "gap-y": [{ "gap-y": spacing }],
  "justify-content": [{ justify: [...alignPrimary, "normal"] }],
  "justify-self": [{ "justify-self": ["auto", ...alignSecondary] }],
  "align-content": [{ content: ["normal", ...alignPrimary] }],
  "align-items": [{ items: [...alignSecondary, { baseline: ["", "last"] }] }],
  "align-self": [{ self: ["auto", ...alignSecondary, { baseline: ["", "last"] }] }],
  p: [{ p: spacing }],
  px: [{ px: spacing }],
  py: [{ py: spacing }],
  pt: [{ pt: spacing }],
  pr: [{ pr: spacing }],
  pb: [{ pb: spacing }],
  pl: [{ pl: spacing }],
  m: [{ m: margin }],
  mx: [{ mx: margin }],
  mt: [{ mt: margin }],
  mr: [{ mr: margin }],
  mb: [{ mb: margin }],
  ml: [{ ml: margin }],
  "space-y": [{ "space-y": spacing }],
  size: [{ size: sizing }],
  w: [{ w: [isTshirtSize, "screen", ...sizing] }],
  "min-w": [{ "min-w": [isTshirtSize, "screen", "none", ...sizing] }],
  "max-w": [{ "max-w": [isTshirtSize, "screen", "none", "prose", { screen: [isTshirtSize] }, ...sizing] }],
  h: [{ h: ["screen", "lh", ...sizing] }],
  "min-h": [{ "min-h": ["screen", "lh", "none", ...sizing] }],
  "max-h": [{ "max-h": ["screen", "lh", "none", ...sizing] }],
  /** Our `--text-display` and `--text-display-lg` are sizes, not colours. */
  "font-size": [{ text: ["base", isTshirtSize, "display", "display-lg", isArbitraryVariableLength, isArbitraryLength] }],
  "font-weight": [
    {
      font: [
        "thin",
        "extralight",
        "light",
        "normal",
        "medium",
        "semibold",
        "bold",
        "extrabold",
        "black",
        isArbitraryVariableWeight,
        isArbitraryWeight,
      ],
    },
  ],
  "font-family": [{ font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, isAnyNonArbitrary] }],
  tracking: [{ tracking: ["tighter", "tight", "normal", "wide", "wider", "widest", ...arbitrary] }],
  "line-clamp": [{ "line-clamp": [isNumber, "none", isArbitraryVariable, isArbitraryNumber] }],
  leading: [{ leading: ["none", "tight", "snug", "normal", "relaxed", "loose", ...spacing] }],
  "list-style-type": [{ list: ["disc", "decimal", "none", ...arbitrary] }],
  "text-alignment": [{ text: ["left", "center", "right", "justify", "start", "end"] }],
  "text-color": [{ text: color }],
  "text-decoration": ["underline", "overline", "line-through", "no-underline"],
  "underline-offset": [{ "underline-offset": [isNumber, "auto", ...arbitrary] }],
  "text-transform": ["uppercase", "lowercase", "capitalize", "normal-case"],
  "text-overflow": ["truncate", "text-ellipsis", "text-clip"],
  "vertical-align": [{ align: ["baseline", "top", "middle", "bottom", "text-top", "text-bottom", "sub", "super", ...arbitrary] }],
  whitespace: [{ whitespace: ["normal", "nowrap", "pre", "pre-line", "pre-wrap", "break-spaces"] }],
  break: [{ break: ["normal", "words", "all", "keep"] }],
  hyphens: [{ hyphens: ["none", "manual", "auto"] }],
  content: [{ content: ["none", ...arbitrary] }],
  "bg-color": [{ bg: color }],
  "gradient-from": [{ from: color }],
  "gradient-to": [{ to: color }],
  /** Our `--radius-card`. */
  rounded: [{ rounded: ["", "none", "full", isTshirtSize, "card", ...arbitrary] }],
  "border-w": [{ border: borderWidth }],
  "border-w-t": [{ "border-t": borderWidth }],
  "border-w-b": [{ "border-b": borderWidth }],
  "border-w-l": [{ "border-l": borderWidth }],
  "border-color": [{ border: color }],
  "outline-offset": [{ "outline-offset": [isNumber, ...arbitrary] }],
  "outline-w": [{ outline: ["", isNumber, isArbitraryVariableLength, isArbitraryLength] }],
  "outline-color": [{ outline: color }],
  /** Our `--shadow-card` and `--shadow-raised` are shadows, not colours. */
  shadow: [{ shadow: ["", "inner", "none", isTshirtSize, "card", "raised", isArbitraryVariableShadow, isArbitraryShadow] }],
  "shadow-color": [{ shadow: color }],
  "ring-w": [{ ring: borderWidth }],
  "ring-color": [{ ring: color }],
  opacity: [{ opacity: [isNumber, ...arbitrary] }],
  filter: [{ filter: ["", "none", ...arbitrary] }],
  "border-collapse": [{ border: ["collapse", "separate"] }],
  "table-layout": [{ table: ["auto", "fixed"] }],
  transition: [{ transition: ["", "all", "colors", "opacity", "shadow", "transform", "none", ...arbitrary] }],
  animate: [{ animate: ["none", "spin", "ping", "pulse", "bounce", ...arbitrary] }],
  rotate: [{ rotate: ["none", isNumber, ...arbitrary] }],
  accent: [{ accent: color }],
  // The default lists 36 cursors (90 bytes); a missing one fails cn.test.ts: copy it from there.
  cursor: [{ cursor: ["auto", "default", "pointer", "wait", "text", "move", "help", "not-allowed", "none", ...arbitrary] }],
  "pointer-events": [{ "pointer-events": ["auto", "none"] }],
  "scroll-mt": [{ "scroll-mt": spacing }],
  fill: [{ fill: ["none", ...color] }],
} satisfies Partial<Config<DefaultClassGroupIds, never>["classGroups"]>;

type ClassGroupId = keyof typeof classGroups;

/** What `createTailwindMerge` needs: the groups above and which of them override which. */
export const tailwindMergeConfig: Config<ClassGroupId, never> = {
  cacheSize: 500,
  theme: {},
  classGroups,
  // A class in the key's group removes earlier classes in the listed groups (`p-4` removes `px-2`).
  conflictingClassGroups: {
    overflow: ["overflow-x", "overflow-y"],
    "inset-x": ["right", "left"],
    flex: ["shrink"],
    gap: ["gap-x", "gap-y"],
    p: ["px", "py", "pt", "pr", "pb", "pl"],
    px: ["pr", "pl"],
    py: ["pt", "pb"],
    m: ["mx", "mt", "mr", "mb", "ml"],
    mx: ["mr", "ml"],
    size: ["w", "h"],
    "font-size": ["leading"],
    "line-clamp": ["display", "overflow"],
    "border-w": ["border-w-t", "border-w-b", "border-w-l"],
  },
  // `text-sm/6` sets the line height too.
  conflictingClassGroupModifiers: { "font-size": ["leading"] },
  orderSensitiveModifiers: [
    "*",
    "**",
    "after",
    "backdrop",
    "before",
    "details-content",
    "file",
    "first-letter",
    "first-line",
    "marker",
    "placeholder",
    "selection",
  ],
};
