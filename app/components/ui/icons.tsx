/**
 * Icons: Lucide's icons as data (an icon is a list of SVG elements), drawn by `Icon`. Import the
 * icon where it is drawn, named for what it stands for (`import { Wallet as CostsIcon } from
 * "lucide"`): each page's bundle then holds only its own icons and no icon runtime, and the server
 * build bundles just the icons in use (vite.config.ts). docs/design.md lists them.
 */
import type { IconNode } from "lucide";
import { createElement } from "react";
import { cn } from "~/lib/cn";

export type { IconNode };

/** Lucide writes attributes as SVG does ("stroke-width"); React wants them camel-cased. Done once per icon. */
const reactNodes = new WeakMap<IconNode, [string, Record<string, string | number | undefined>][]>();
function toReact(icon: IconNode) {
  let nodes = reactNodes.get(icon);
  if (!nodes) {
    nodes = icon.map(([tag, attributes]) => [
      tag,
      Object.fromEntries(
        Object.entries(attributes).map(([name, value]) => [name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), value]),
      ),
    ]);
    reactNodes.set(icon, nodes);
  }
  return nodes;
}

/** A decorative icon (hidden from screen readers: the text beside it says the same). */
export function Icon({ icon, className }: { icon: IconNode; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={cn("size-5 shrink-0", className)}
    >
      {toReact(icon).map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}

/** An icon on a tinted tile, for a card's or a section's title. */
export function IconTile({ icon, tone = "brand", className }: { icon: IconNode; tone?: "brand" | "accent"; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex size-10 shrink-0 items-center justify-center rounded-lg",
        tone === "brand" ? "bg-brand-100 text-brand-700" : "bg-accent-100 text-accent-700",
        className,
      )}
    >
      <Icon icon={icon} />
    </span>
  );
}
