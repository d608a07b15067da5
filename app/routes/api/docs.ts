import { referenceHtml } from "./reference.server";

/** GET /api/docs: the JSON API's reference (ADR 033), a page of its own that needs no script. */
export function loader() {
  return new Response(referenceHtml(), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
