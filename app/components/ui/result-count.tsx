import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { TextLink } from "./text-link";

/**
 * The line under a search or a filter: what it found (read out as it changes) and, while the list
 * is narrowed, the link back to all of it.
 */
export function ResultCount({
  children,
  clear,
  className,
}: {
  children: ReactNode;
  clear?: { href: string; label: string } | null;
  /** Its space above ("mt-6" under a search bar). */
  className: string;
}) {
  return (
    <p className={cn(className, "text-sm text-slate-700")} aria-live="polite">
      {children}
      {clear ? (
        <>
          {" "}
          <TextLink href={clear.href}>{clear.label}</TextLink>
        </>
      ) : null}
    </p>
  );
}
