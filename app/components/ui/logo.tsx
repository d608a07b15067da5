import { localizedPath } from "~/lib/locale";
import { m } from "~/paraglide/messages";

/** The Onward word mark: a paper plane over the name. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <a
      href={localizedPath("/")}
      className={`inline-flex items-center gap-2 font-bold text-brand-800 ${className}`}
      aria-label={m.shell_logo_label()}
    >
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="16" fill="currentColor" />
        <path d="M8 16.5 24 9l-4.5 15-4-5.5L8 16.5Zm7.5 2 .8 3.6 1.6-2.4" fill="#fff" />
      </svg>
      <span className="text-xl tracking-tight">Onward</span>
    </a>
  );
}
