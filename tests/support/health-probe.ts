import { spawn } from "node:child_process";
import { expect } from "vitest";

// Runs in its own process, so the times it reports are the server's and not those of the test
// worker's event loop, which is busy sending the very requests being timed against.
const probeScript = `
const http = require("node:http");
const os = require("node:os");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let stopping = false;
process.stdin.on("end", () => { stopping = true; });
process.stdin.resume();
function probe() {
  if (stopping) return agent.destroy();
  const started = performance.now();
  http.get(process.argv[1], { agent }, (response) => {
    response.resume();
    response.on("end", () => {
      process.stdout.write([(performance.now() - started).toFixed(1), Date.now(), os.loadavg()[0].toFixed(1)].join(" ") + "\\n");
      setTimeout(probe, 25);
    });
  }).on("error", (error) => { process.stderr.write(String(error) + "\\n"); setTimeout(probe, 25); });
}
probe();
`;

/** One answer to the probe: how long it took, when it came, and the machine's load average then (for a report). */
export type ProbeAnswer = { ms: number; at: Date; loadAverage: number };

/**
 * Asks `url` (a /healthz) every 25 ms from a separate process until `stop()`, which resolves
 * with each answer's time.
 */
export function startHealthProbe(url: string): { stop: () => Promise<ProbeAnswer[]> } {
  const child = spawn(process.execPath, ["-e", probeScript, url], { stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    async stop() {
      child.stdin.end();
      await exited;
      return output
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [ms, at, loadAverage] = line.split(" ").map(Number);
          return { ms: ms ?? Number.NaN, at: new Date(at ?? 0), loadAverage: loadAverage ?? Number.NaN };
        });
    },
  };
}

/**
 * The server kept answering while it was probed: 95% of the answers within 200 ms, none in a
 * second or more. A failure names the slow answers' times and the machine's load then, since a
 * probe on a busy 2-core machine can be kept waiting by other work as well as by the server.
 */
export function expectKeptAnswering(answers: ProbeAnswer[]) {
  expect(answers.length).toBeGreaterThan(5);
  const sorted = [...answers].sort((a, b) => a.ms - b.ms);
  const slow = sorted
    .filter((answer) => answer.ms >= 1000)
    .map((answer) => `${answer.ms} ms at ${answer.at.toISOString()} (load average ${answer.loadAverage})`);
  expect(sorted[Math.floor(sorted.length * 0.95)]?.ms, `p95 of ${answers.length} answers`).toBeLessThan(200);
  expect(slow, `answers of a second or more among ${answers.length}`).toEqual([]);
}
