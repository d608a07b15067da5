/**
 * Icons: Lucide's icons as data (an icon is a list of SVG elements), drawn by `Icon`. Import the
 * icon where it is drawn, named for what it stands for (`import { Wallet as CostsIcon } from
 * "lucide"`): each page's bundle then holds only its own icons and no icon runtime, and the server
 * build bundles just the icons in use (vite.config.ts). docs/design.md lists them.
 */
import type { IconNode } from "lucide";
import { cn } from "~/lib/cn";

export type { IconNode };

/**
 * An icon's inner markup, written once per icon: React then sends one string per icon instead of
 * making and escaping an element per path, which was a fifth of the elements of a dashboard page.
 * Lucide's attribute names are already SVG's ("stroke-width"); its values are numbers and path data.
 */
const markup = new WeakMap<IconNode, { __html: string }>();
function innerMarkup(icon: IconNode) {
  let html = markup.get(icon);
  if (!html) {
    html = {
      __html: icon
        .map(([tag, attributes]) => {
          const written = Object.entries(attributes)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
            .join("");
          return `<${tag}${written}/>`;
        })
        .join(""),
    };
    markup.set(icon, html);
  }
  return html;
}

function escapeAttribute(value: string) {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
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
      // biome-ignore lint/security/noDangerouslySetInnerHtml: Lucide's icon data, escaped above; nothing a person typed.
      dangerouslySetInnerHTML={innerMarkup(icon)}
    />
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
