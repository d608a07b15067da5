import { getConfig } from "~/.server/config";
import { listPublicPaths } from "~/.server/seo/public-pages";
import { languageTag, localizedPath } from "~/lib/locale";
import { sharedPageHeaders } from "~/lib/page-cache";

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Every public page in both languages, each naming its twin (hreflang), as search engines ask of translated sites. */
export async function loader() {
  const { appUrl } = getConfig();
  const urls = (await listPublicPaths()).flatMap((path) => {
    const english = escapeXml(`${appUrl}${path}`);
    const bangla = escapeXml(`${appUrl}${localizedPath(path, "bn")}`);
    const twins = [
      `<xhtml:link rel="alternate" hreflang="${languageTag.en}" href="${english}"/>`,
      `<xhtml:link rel="alternate" hreflang="${languageTag.bn}" href="${bangla}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${english}"/>`,
    ].join("");
    return [`  <url><loc>${english}</loc>${twins}</url>`, `  <url><loc>${bangla}</loc>${twins}</url>`];
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", ...sharedPageHeaders() } });
}
