// `npm test` and `npm run test:fast`: npm scripts run one after another, stopping at the first that
// fails, with each one's wall time printed at the end, so that every CI log says where the time went
// (docs/benchmarks.md keeps the figures).
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";

const times = [];
let status = 0;
for (const step of process.argv.slice(2)) {
  const start = performance.now();
  const result = spawnSync("npm", ["run", step], { stdio: "inherit" });
  times.push([step, (performance.now() - start) / 1000]);
  status = result.status ?? 1;
  if (status !== 0) break;
}
console.log(`\nSteps${status === 0 ? "" : " (stopped at the first that failed)"}:`);
for (const [step, seconds] of times) console.log(`  ${step.padEnd(12)} ${seconds.toFixed(1).padStart(7)} s`);
console.log(
  `  ${"in all".padEnd(12)} ${times
    .reduce((sum, [, seconds]) => sum + seconds, 0)
    .toFixed(1)
    .padStart(7)} s`,
);
process.exitCode = status;
