// `npm run bench:weight`: what a first visit to the home page downloads, in English (/) and in
// Bangla (/bn), compressed as the server sends it to a browser (Accept-Encoding: gzip, deflate, br):
// the HTML, then every script, module preload, stylesheet, preloaded font, icon and image it names,
// and the modules those import. Budgets per page: JavaScript <= 120 kB, everything <= 500 kB.
// Exits 1 over budget. BENCH_PATH=/contact measures another page (the form pages load the most script).
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

/** One page's first visit, printed; true when within both budgets and every resource was found. */
async function measure(server, pathname) {
  const page = `${server.url}${pathname}`;
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
  for (const [, href] of html.matchAll(/<link[^>]*rel="preload"[^>]*href="([^"]+)"[^>]*as="font"/g)) add(href, "font");
  for (const [, href] of html.matchAll(/<link[^>]*rel="icon"[^>]*href="([^"]+)"/g)) add(href, "image");
  for (const [, src] of html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)) add(src, "image");
  // Modules the inline bootstrap script imports, and what those import in turn.
  for (const [, src] of html.matchAll(/import\s*(?:[^"';]*?from\s*)?"(\/assets\/[^"]+\.js)"/g)) add(src, "js");
  // A page with Bangla text fetches the Bangla faces its stylesheet declares (both weights: body and headings).
  if (/<html[^>]*lang="bn/.test(html))
    for (const [url, kind] of [...resources])
      if (kind === "css") for (const [, font] of (await text(url)).matchAll(/url\("?(\/fonts\/[^")]+\.woff2)"?\)/g)) add(font, "font");
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
    `\n${pathname}: HTML ${kB(sum("html"))}, JavaScript ${kB(js)} (budget ${kB(JS_BUDGET)}), CSS ${kB(sum("css"))}, fonts ${kB(sum("font"))}, images ${kB(sum("image"))}`,
  );
  console.log(`${pathname}: total first visit ${kB(total)} (budget ${kB(TOTAL_BUDGET)}) in ${rows.length} requests\n`);
  const missing = rows.filter((row) => row.status !== 200);
  if (missing.length > 0) console.error(`Not found: ${missing.map((row) => row.url).join(", ")}`);
  return js <= JS_BUDGET && total <= TOTAL_BUDGET && missing.length === 0;
}

const server = await startProductionServer();
try {
  const pages = process.env.BENCH_PATH ? [process.env.BENCH_PATH] : ["/", "/bn"];
  let withinBudget = true;
  for (const pathname of pages) withinBudget = (await measure(server, pathname)) && withinBudget;
  process.exitCode = withinBudget ? 0 : 1;
} finally {
  await server.stop();
}
