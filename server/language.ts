import type { AppLoadContext } from "react-router";
import { BANGLA_PREFIX, localeFromCookie, localeOfPath, preferredLocale } from "../app/lib/locale";
import type { AppHandler } from "./app-handler";
import type { Exchange } from "./exchange";

/** What a shared cache must key `/` on: the language choice is made from these. */
export const HOME_VARY = "Accept-Language, Cookie";

/**
 * The language step, before the page cache (ADR 037): a visit to `/` goes to the Bangla home page
 * when the `lang` cookie chose Bangla, or, with no choice made, when Accept-Language prefers
 * Bangla to English. A header or cookie we cannot read counts as no preference: English.
 * Answers (true) with the redirect; otherwise marks `/` as varying on both.
 */
export function answerLanguageChoice({ req, res, method, pathname, url }: Exchange): boolean {
  if (pathname !== "/" || (method !== "GET" && method !== "HEAD")) return false;
  res.setHeader("Vary", HOME_VARY);
  const chosen = localeFromCookie(req.headers.cookie) ?? preferredLocale(req.headers["accept-language"]);
  if (chosen !== "bn") return false;
  const query = url.slice(pathname.length);
  res.writeHead(302, { Location: `${BANGLA_PREFIX}${query}`, "Cache-Control": "private, no-store" });
  res.end();
  return true;
}

/** One React Router handler per language (each with its basename), picked by the address's prefix. */
export function handlerPerLocale(handlers: { en: AppHandler; bn: AppHandler }): AppHandler {
  return (request: Request, context: AppLoadContext) => handlers[localeOfPath(new URL(request.url).pathname)](request, context);
}
