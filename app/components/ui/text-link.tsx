import type { AnchorHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

type TextLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  /** Normal weight for a link that is a value among others (a name in a table, a phone number). */
  weight?: "semibold" | "normal";
  /** Opens in a new tab, without giving that page a handle on ours. */
  external?: boolean;
};

/**
 * A link within text: brand blue, underlined, semibold. A plain `<a>`, as every link is: client
 * navigation is delegated (ADR 012), and files, downloads and other sites need nothing else.
 */
export function TextLink({ weight = "semibold", external = false, className, ...props }: TextLinkProps) {
  return (
    <a
      className={cn("text-brand-700 underline", weight === "semibold" && "font-semibold", className)}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      {...props}
    />
  );
}
