// `npm run lighthouse`: Lighthouse (mobile preset) on the production build, driving the
// system Chromium. Three runs per page; prints the median of each category and exits 1
// when Performance < 95 or Accessibility, Best Practices or SEO < 100.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { median, startProductionServer } from "./lib/production-server.mjs";

const allPages = ["/", "/countries/usa", "/usa-details", "/contact", "/find-university", "/university/queens-university-belfast"];
// LIGHTHOUSE_PAGES=/a,/b runs only those pages.
const pages = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(",") : allPages;
const runs = Number(process.env.LIGHTHOUSE_RUNS) || 3;
const categories = ["performance", "accessibility", "best-practices", "seo"];
const thresholds = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const chromePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

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
console.log("page                 performance  accessibility  best-practices  seo");
for (const row of rows) {
  console.log(
    `${row.page.padEnd(20)} ${String(row.performance).padStart(11)}  ${String(row.accessibility).padStart(13)}  ${String(row["best-practices"]).padStart(14)}  ${String(row.seo).padStart(3)}`,
  );
}
process.exit(failed ? 1 : 0);
