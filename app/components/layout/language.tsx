import { useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { getLocale, languageTag, localizedPath } from "~/lib/locale";
import { m } from "~/paraglide/messages";

/** This page's address in its own language's terms ("/about?x=1"), the same for both twins. */
function usePagePath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/**
 * The page's twins for search engines and for the Contract's checks: each language's address of
 * this page, and English as the default for everyone else.
 */
export function LanguageAlternates({ appUrl }: { appUrl: string }) {
  const path = usePagePath();
  return (
    <>
      <link rel="alternate" hrefLang={languageTag.en} href={`${appUrl}${path}`} />
      <link rel="alternate" hrefLang={languageTag.bn} href={`${appUrl}${localizedPath(path, "bn")}`} />
      <link rel="alternate" hrefLang="x-default" href={`${appUrl}${path}`} />
    </>
  );
}

/**
 * The language switch: a plain link to this page in the other language, through /language, which
 * remembers the choice (a cookie, and the account's language when signed in) and sends the visitor on.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const other = getLocale() === "bn" ? "en" : "bn";
  const href = `/language?${new URLSearchParams({ to: other, next: usePagePath() })}`;
  // On an English page its one Bangla word is drawn in the system's font: the page does without the Bangla font's download.
  return (
    <a
      href={href}
      lang={languageTag[other]}
      hrefLang={languageTag[other]}
      data-reload
      className={cn(className, other === "bn" && "font-system")}
      aria-label={m.shell_language_switch_label()}
    >
      {m.shell_language_switch()}
    </a>
  );
}
