// `npm run bench:weight`: what a first visit to the home page downloads, compressed as the
// server sends it to a browser (Accept-Encoding: gzip, deflate, br): the HTML, then every
// script, module preload, stylesheet, icon and image it names, and the modules those import.
// Budgets: JavaScript <= 120 kB, everything <= 500 kB. Exits 1 over budget.
// BENCH_PATH=/contact measures another public page (the form pages load the most script).
import http from "node:http";
import { startProductionServer } from "./lib/production-server.mjs";

const JS_BUDGET = 120 * 1024;
const TOTAL_BUDGET = 500 * 1024;

/** Bytes on the wire (the compressed body), without decoding. */
function download(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip, deflate, br" } }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode,
            bytes: body.length,
            encoding: response.headers["content-encoding"] ?? "none",
            type: response.headers["content-type"] ?? "",
          });
        });
      })
      .on("error", reject);
  });
}

/** The same resource decoded, to read the links in it. */
async function text(url) {
  return (await fetch(url)).text();
}

const server = await startProductionServer();
try {
  const page = `${server.url}${process.env.BENCH_PATH ?? "/"}`;
  const html = await text(page);
  const resources = new Map();
  const add = (href, kind) => {
    const url = new URL(href, page);
    if (url.origin === new URL(page).origin && !resources.has(url.href)) resources.set(url.href, kind);
  };
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) add(src, "js");
  for (const [, href] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) add(href, "js");
  for (const [, href] of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) add(href, "js");
  for (const [, href] of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) add(href, "css");
  for (const [, href] of html.matchAll(/<link[^>]*rel="icon"[^>]*href="([^"]+)"/g)) add(href, "image");
  for (const [, src] of html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)) add(src, "image");
  // Modules the inline bootstrap script imports, and what those import in turn.
  for (const [, src] of html.matchAll(/import\s*(?:[^"';]*?from\s*)?"(\/assets\/[^"]+\.js)"/g)) add(src, "js");
  for (const [url, kind] of resources) {
    if (kind !== "js") continue;
    const source = await text(url);
    for (const [, spec] of source.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) add(new URL(spec, url).href, "js");
  }

  const rows = [{ url: page, kind: "html", ...(await download(page)) }];
  for (const [url, kind] of resources) rows.push({ url, kind, ...(await download(url)) });
  const sum = (kind) => rows.filter((row) => !kind || row.kind === kind).reduce((total, row) => total + row.bytes, 0);
  const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

  for (const row of rows)
    console.log(`${row.kind.padEnd(6)} ${kB(row.bytes).padStart(9)}  ${row.encoding.padEnd(5)} ${row.url.replace(server.url, "")}`);
  const js = sum("js");
  const total = sum();
  console.log(
    `\nHTML ${kB(sum("html"))}, JavaScript ${kB(js)} (budget ${kB(JS_BUDGET)}), CSS ${kB(sum("css"))}, images ${kB(sum("image"))}`,
  );
  console.log(`Total first visit: ${kB(total)} (budget ${kB(TOTAL_BUDGET)}) in ${rows.length} requests`);
  const missing = rows.filter((row) => row.status !== 200);
  if (missing.length > 0) console.error(`Not found: ${missing.map((row) => row.url).join(", ")}`);
  process.exitCode = js > JS_BUDGET || total > TOTAL_BUDGET || missing.length > 0 ? 1 : 0;
} finally {
  await server.stop();
}
