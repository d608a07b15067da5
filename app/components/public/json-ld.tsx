import { useNonce } from "../layout/request-info";

/**
 * Structured data for search engines. JSON is not HTML: "<" is escaped so the text can
 * never close the script element, and the CSP nonce lets the inline script through.
 */
export function JsonLd({ data }: { data: object }) {
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be the script's text; "<" is escaped above.
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}
