import { baseLocale, getLocale, type Locale, locales } from "~/paraglide/runtime";

export { getLocale, type Locale };

/**
 * The two languages' addresses (ADR 037): English unprefixed, Bangla under /bn. The server picks
 * the request handler by the prefix, and React Router's basename is the prefix, so every <Form>,
 * `redirect()` and navigation stays in the language it started in; plain anchors take their
 * address from `localizedPath`.
 */
export const BANGLA_PREFIX = "/bn";

/** The remembered language choice, for `/` only: not an `onward.*` cookie, so pages stay shareable. */
export const LANGUAGE_COOKIE = "lang";

/** The BCP 47 tags: `<html lang>`, hreflang, Intl's formats. */
export const languageTag: Record<Locale, string> = { en: "en", bn: "bn" };
export const intlLocale: Record<Locale, string> = { en: "en-GB", bn: "bn-BD" };
export const openGraphLocale: Record<Locale, string> = { en: "en_GB", bn: "bn_BD" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The language of an address: Bangla for /bn, what lies under it and its home page's data (/bn.data), English for the rest. */
export function localeOfPath(pathname: string): Locale {
  return pathname === BANGLA_PREFIX || pathname.startsWith(`${BANGLA_PREFIX}/`) || pathname === `${BANGLA_PREFIX}.data` ? "bn" : baseLocale;
}

/** The router's basename for a language. */
export function basenameFor(locale: Locale): string {
  return locale === "bn" ? BANGLA_PREFIX : "/";
}

/** An address without its language prefix: "/bn/about" → "/about", "/bn" → "/". */
export function unlocalizedPath(path: string): string {
  if (localeOfPath(path.split(/[?#]/, 1)[0] ?? "/") !== "bn") return path;
  const rest = path.slice(BANGLA_PREFIX.length);
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
}

/** A site address (starting with "/") in a language: "/about" → "/bn/about", "/" → "/bn", "/#services" → "/bn#services". */
export function localizedPath(path: string, locale: Locale = getLocale()): string {
  if (locale !== "bn" || !path.startsWith("/") || path.startsWith("//")) return path;
  return path === "/" || path.startsWith("/?") || path.startsWith("/#") ? `${BANGLA_PREFIX}${path.slice(1)}` : `${BANGLA_PREFIX}${path}`;
}

/**
 * The language an Accept-Language header prefers of ours, or undefined when it names neither (or
 * cannot be read). Weights are honoured; a malformed entry is skipped, never an error.
 */
export function preferredLocale(header: string | null | undefined): Locale | undefined {
  if (!header || header.length > 1_000) return undefined;
  let best: { locale: Locale; weight: number } | undefined;
  for (const entry of header.split(",")) {
    const [range = "", ...parameters] = entry.trim().split(";");
    const language = range.trim().toLowerCase().split("-")[0];
    if (!isLocale(language)) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(weight) || weight <= 0 || weight > 1) continue;
    if (!best || weight > best.weight) best = { locale: language, weight };
  }
  return best?.locale;
}

/** The language remembered in the `lang` cookie, if it holds one of ours. */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return undefined;
}

/** The page's language in the browser, as the server rendered it into <html lang>. */
export function documentLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : baseLocale;
}

/** A year as the page's language writes it (২০২৬ in Bangla), without grouping. */
export function formatYear(year: number, locale: Locale = getLocale()): string {
  return new Intl.NumberFormat(intlLocale[locale], { useGrouping: false }).format(year);
}
