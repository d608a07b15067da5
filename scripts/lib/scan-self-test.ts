// `SCAN_SELF_TEST=1 npm run scan`: proof that the scanners find what they look for. A tiny, deliberately broken
// site on 127.0.0.1 — a query parameter concatenated into SQL (in-memory PGlite), a reflected parameter, a comment
// stored and shown unescaped, an open redirect — scanned exactly as the app is; each of those must be reported.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { ScanTarget, Site } from "./scan-targets";

/** What the self-test must find: a finding kind (or "sqlmap") and the parameter it is on. */
export const expectedFindings = [
  { tool: "sqlmap", param: "id" },
  { tool: "reflected", param: "q" },
  { tool: "stored", param: "text" },
  { tool: "open redirect", param: "next" },
];

/** Reads a request body as text. */
async function bodyOf(request: http.IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
}

/** Starts the vulnerable site; its targets and pages are listed here, as the crawl would find them. */
export async function startVulnerableSite(): Promise<{
  site: Site;
  targets: ScanTarget[];
  pages: Map<string, string[]>;
  close(): Promise<void>;
}> {
  const database = new PGlite();
  await database.exec("CREATE TABLE items (id integer PRIMARY KEY, name text); INSERT INTO items VALUES (1, 'First'), (2, 'Second');");
  const comments: string[] = [];
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const html = (status: number, body: string) => {
      response.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html><body>${body}</body></html>`);
    };
    if (url.pathname === "/item") {
      try {
        // The fault on purpose: the parameter goes into the SQL text.
        const result = await database.query<{ name: string }>(`SELECT name FROM items WHERE id = ${url.searchParams.get("id")}`);
        return html(200, `<p>${result.rows.map((row) => row.name).join(", ") || "nothing"}</p>`);
      } catch {
        return html(200, "<p>nothing</p>");
      }
    }
    if (url.pathname === "/search") return html(200, `<p>Results for ${url.searchParams.get("q")}</p>`);
    if (url.pathname === "/go") {
      response.writeHead(302, { Location: url.searchParams.get("next") ?? "/" });
      return response.end();
    }
    if (url.pathname === "/comment" && request.method === "POST") {
      comments.push(new URLSearchParams(await bodyOf(request)).get("text") ?? "");
      response.writeHead(303, { Location: "/" });
      return response.end();
    }
    if (url.pathname === "/") {
      return html(200, `<a href="/item?id=1">item</a><ul>${comments.map((comment) => `<li>${comment}</li>`).join("")}</ul>`);
    }
    html(404, "<p>Not found</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const target = (method: ScanTarget["method"], path: string, params: [string, string][]): ScanTarget => ({
    identity: "anonymous",
    method,
    path,
    actionQuery: "",
    params,
    multipart: false,
  });
  return {
    site: { url: `http://127.0.0.1:${port}`, cookies: { anonymous: "" }, identities: ["anonymous"] },
    targets: [
      target("GET", "/item", [["id", "1"]]),
      target("GET", "/search", [["q", "books"]]),
      target("GET", "/go", [["next", "/"]]),
      target("POST", "/comment", [["text", "hello"]]),
    ],
    pages: new Map([["/", ["anonymous"]]]),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    },
  };
}
