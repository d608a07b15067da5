import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type DefaultThemeGroupIds, extendTailwindMerge, getDefaultConfig } from "tailwind-merge";
import ts from "typescript";
import { expect, test } from "vitest";
import { cn } from "./cn";

const app = path.resolve(import.meta.dirname, "..");

/**
 * Every word of every string and template literal in app/ (tests and generated messages aside): each
 * class the code writes, and many words that are not classes, which both merges leave alone.
 */
function wordsWritten(): string[] {
  const words = new Set<string>();
  const files = readdirSync(app, { recursive: true, withFileTypes: true }).filter(
    (entry) =>
      entry.isFile() &&
      /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !entry.parentPath.includes("paraglide") &&
      // The config's own strings are pieces of classes (`collapse` of `border-collapse`), not classes.
      entry.name !== "tailwind-merge-config.ts",
  );
  for (const file of files) {
    const filePath = path.join(file.parentPath, file.name);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
        for (const word of node.text.split(/\s+/)) if (word) words.add(word);
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(filePath, readFileSync(filePath, "utf8"), ts.ScriptTarget.Latest));
  }
  return [...words];
}

/** A class's variants (`sm`, `hover`, `[&>dd]`) in any order: what comes before its last `:` outside brackets. */
function variantsOf(className: string): string {
  const variants: string[] = [];
  let brackets = 0;
  let parentheses = 0;
  let start = 0;
  for (let index = 0; index < className.length; index++) {
    const character = className[index];
    if (character === "[") brackets++;
    else if (character === "]") brackets--;
    else if (character === "(") parentheses++;
    else if (character === ")") parentheses--;
    else if (character === ":" && brackets === 0 && parentheses === 0) {
      variants.push(className.slice(start, index));
      start = index + 1;
    }
  }
  return variants.sort().join(":");
}

/**
 * tailwind-merge's full default config, told our theme (app/app.css) as Tailwind is: without it,
 * it takes `rounded-card` for no class, and `shadow-card` and `text-display` for colours.
 */
function fullTwMerge() {
  const css = readFileSync(path.join(app, "app.css"), "utf8");
  const variables = css.match(/@theme\s*{([^}]*)}/)?.[1] ?? "";
  // Longest first: `--text-shadow-sm` is in `text-shadow`, not `text`.
  const namespaces = (Object.keys(getDefaultConfig().theme) as DefaultThemeGroupIds[]).sort((a, b) => b.length - a.length);
  const theme: Partial<Record<DefaultThemeGroupIds, string[]>> = {};
  for (const [, name = ""] of variables.matchAll(/--([\w-]+)\s*:/g)) {
    if (name.includes("--")) continue; // `--text-display--line-height` goes with `text-display`: no class of its own.
    const namespace = namespaces.find((key) => name.startsWith(`${key}-`));
    if (namespace) theme[namespace] = [...(theme[namespace] ?? []), name.slice(namespace.length + 1)];
  }
  return extendTailwindMerge({ extend: { theme } });
}

test("a later Tailwind class of the same kind replaces the earlier one, our brand colours included", () => {
  expect(cn("bg-brand-700 px-5 py-3", "bg-slate-700 py-2")).toBe("px-5 bg-slate-700 py-2");
  expect(cn("hover:bg-brand-800", "hover:bg-slate-800")).toBe("hover:bg-slate-800");
});

test("falsy values and objects are handled as clsx does", () => {
  expect(cn("a", false, null, undefined, { b: true, c: false }, ["d"])).toBe("a b d");
});

test("our theme's radius, shadows, sizes and spacing are merged in their own groups", () => {
  expect(cn("rounded-card", "rounded-md")).toBe("rounded-md");
  expect(cn("shadow-card", "shadow-lg")).toBe("shadow-lg");
  expect(cn("shadow-card", "shadow-brand-700")).toBe("shadow-card shadow-brand-700");
  expect(cn("text-display text-slate-900", "text-sm")).toBe("text-slate-900 text-sm");
  expect(cn("py-12 sm:py-section", "sm:py-8")).toBe("py-12 sm:py-8");
});

test("cn merges every class written in app/ with every other as the full tailwind-merge, told our theme, does", () => {
  const full = fullTwMerge();
  const words = wordsWritten();
  const differences: string[] = [];
  const compare = (...classes: string[]) => {
    const merged = cn(...classes);
    const expected = full(classes.join(" "));
    if (merged !== expected) differences.push(`cn("${classes.join('", "')}") is "${merged}", not "${expected}"`);
  };
  for (const word of words) compare(word);
  // Pairs only of the words one of the two takes for a class (`x x` merges to `x`): a word neither
  // knows is kept where it stands by both and removes nothing, so pairs with it cannot differ.
  // And only of classes with the same variants: tailwind-merge lets `md:p-4` remove `md:px-2` but
  // never `px-2` nor `hover:px-2`, so `a` and `b` with different variants are both kept by both.
  // Variants are sorted here as tailwind-merge sorts most of them: `hover:focus:` meets `focus:hover:`.
  const byVariants = new Map<string, string[]>();
  for (const word of words) {
    if (cn(word, word) !== word && full(word, word) !== word) continue;
    const variants = variantsOf(word);
    byVariants.set(variants, [...(byVariants.get(variants) ?? []), word]);
  }
  for (const classes of byVariants.values()) {
    for (const a of classes) {
      for (const b of classes) {
        compare(a, b);
      }
    }
  }
  expect(differences).toEqual([]);
  expect(byVariants.get("")).toEqual(expect.arrayContaining(["rounded-card", "shadow-card", "text-brand-700"]));
  expect(byVariants.get("sm")).toContain("sm:py-section");
});
