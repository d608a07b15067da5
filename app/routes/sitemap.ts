import { getConfig } from "~/.server/config";
import { listPublicPaths } from "~/.server/seo/public-pages";
import { sharedPageHeaders } from "~/lib/page-cache";

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export async function loader() {
  const { appUrl } = getConfig();
  const urls = (await listPublicPaths()).map((path) => `  <url><loc>${escapeXml(`${appUrl}${path}`)}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", ...sharedPageHeaders() } });
}
