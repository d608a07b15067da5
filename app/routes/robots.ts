import { getConfig } from "~/.server/config";
import { disallowedPaths } from "~/.server/seo/public-pages";
import { sharedPageHeaders } from "~/lib/page-cache";

export function loader() {
  const { appUrl } = getConfig();
  const body = [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", ...sharedPageHeaders() } });
}
