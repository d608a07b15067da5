import { getConfig } from "~/.server/config";
import { disallowedPaths } from "~/.server/seo/public-pages";
import { localizedPath } from "~/lib/locale";
import { sharedPageHeaders } from "~/lib/page-cache";

export function loader() {
  const { appUrl } = getConfig();
  const body = [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths.flatMap((path) => [`Disallow: ${path}`, `Disallow: ${localizedPath(path, "bn")}`]),
    "",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", ...sharedPageHeaders() } });
}
