// `npm run lighthouse`: Lighthouse (mobile preset) on the production build, driving the
// system Chromium. Three runs per page; prints the median of each category and exits 1
// when Performance < 95 or Accessibility, Best Practices or SEO < 100. LIGHTHOUSE_PAGES=/a,/b picks pages
// (`public`: every page listed in tests/e2e/public-pages.ts; `public+bn`: those and their Bangla twins),
// LIGHTHOUSE_RUNS the runs per page, LIGHTHOUSE_CATEGORIES=accessibility,seo the categories.
import { readFile } from "node:fs/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { median, startProductionServer } from "./lib/production-server.mjs";

const allPages = ["/", "/countries/usa", "/usa-details", "/contact", "/find-university", "/university/queens-university-belfast"];
const runs = Number(process.env.LIGHTHOUSE_RUNS) || 3;
const categories = process.env.LIGHTHOUSE_CATEGORIES?.split(",") ?? ["performance", "accessibility", "best-practices", "seo"];
const pages = await pagesToRun(process.env.LIGHTHOUSE_PAGES);
const thresholds = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const chromePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** The pages LIGHTHOUSE_PAGES names (see above); the six busiest public pages without it. */
async function pagesToRun(named) {
  if (!named) return allPages;
  if (named !== "public" && named !== "public+bn") return named.split(",");
  const source = await readFile(new URL("../tests/e2e/public-pages.ts", import.meta.url), "utf8");
  const paths = [...source.matchAll(/path: "([^"]+)"/g)].map((match) => match[1]);
  return named === "public" ? paths : paths.flatMap((path) => [path, path === "/" ? "/bn" : `/bn${path}`]);
}

const server = await startProductionServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

let failed = false;
const rows = [];
try {
  for (const page of pages) {
    const scores = Object.fromEntries(categories.map((category) => [category, []]));
    const failing = new Set();
    for (let run = 0; run < runs; run++) {
      // The default configuration is the mobile preset (Moto G Power, slow 4G, 4x CPU slowdown).
      const result = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: categories,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      // A run that could not load the page scores nothing: say why instead of printing zeros alone.
      if (result.lhr.runtimeError)
        console.error(`${page}, run ${run + 1}: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
      for (const category of categories) {
        const entry = result.lhr.categories[category];
        scores[category].push(Math.round((entry?.score ?? 0) * 100));
        for (const ref of entry?.auditRefs ?? []) {
          const audit = result.lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            failing.add(`${category}: ${ref.id} (${audit.displayValue ?? audit.score})`);
        }
      }
    }
    const row = { page, ...Object.fromEntries(categories.map((category) => [category, median(scores[category])])) };
    rows.push(row);
    const below = categories.filter((category) => row[category] < thresholds[category]);
    if (below.length > 0) {
      failed = true;
      console.error(`${page}: below the threshold in ${below.join(", ")}. Audits that lost points:\n  ${[...failing].join("\n  ")}`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}

console.log(
  `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, median of ${runs} runs`,
);
const width = Math.max(20, ...rows.map((row) => row.page.length));
console.log(["page".padEnd(width), ...categories].join("  "));
for (const row of rows)
  console.log([row.page.padEnd(width), ...categories.map((category) => String(row[category]).padStart(category.length))].join("  "));
process.exit(failed ? 1 : 0);
