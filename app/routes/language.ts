import { getSessionUser } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import { readQuery } from "~/.server/read-query";
import { saveLanguage } from "~/.server/users/profile";
import { isLocale, LANGUAGE_COOKIE, localizedPath, unlocalizedPath } from "~/lib/locale";

/** How long the language choice is remembered: a year. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The language switch (/language?to=bn&next=/about): remembers the choice in the `lang` cookie
 * (which only `/` reads: every other page's language is its address) and sends the visitor to
 * `next` in that language. `next` must be a path on this site; anything else goes to the home page.
 * An unknown `to` keeps the language the address already has. Signed in, the choice is also
 * saved on the account: it is the language of their e-mails.
 */
export async function loader({ request }: { request: Request }) {
  const query = readQuery(request);
  const next = sitePath(query.get("next"));
  const to = query.get("to");
  const { appUrl } = getConfig();
  // An absolute address (a path would get React Router's basename put in front of it), on the host
  // the visitor used, where the cookie is kept.
  const origin = new URL(request.url).origin;
  if (!isLocale(to)) return new Response(null, { status: 303, headers: { Location: `${origin}${next}`, "Cache-Control": "no-store" } });
  const cookie = [
    `${LANGUAGE_COOKIE}=${to}`,
    "Path=/",
    `Max-Age=${LANGUAGE_COOKIE_MAX_AGE}`,
    "SameSite=Lax",
    ...(appUrl.startsWith("https:") ? ["Secure"] : []),
  ].join("; ");
  const user = await getSessionUser(request);
  if (user) await saveLanguage(user.id, to);
  return new Response(null, {
    status: 303,
    headers: { Location: `${origin}${localizedPath(unlocalizedPath(next), to)}`, "Set-Cookie": cookie, "Cache-Control": "no-store" },
  });
}

/** A path on this site ("/…", not "//host" or "/\\host"), else "/". readQuery has taken out control characters (a header split). */
function sitePath(value: string | null): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\") || value.length > 2_000) return "/";
  return value;
}
