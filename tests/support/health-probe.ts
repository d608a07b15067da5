import { spawn } from "node:child_process";
import { expect } from "vitest";

// Runs in its own process, so the times it reports are the server's and not those of the test
// worker's event loop, which is busy sending the very requests being timed against.
const probeScript = `
const http = require("node:http");
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
      process.stdout.write((performance.now() - started).toFixed(1) + "\\n");
      setTimeout(probe, 25);
    });
  }).on("error", (error) => { process.stderr.write(String(error) + "\\n"); setTimeout(probe, 25); });
}
probe();
`;

/**
 * Asks `url` (a /healthz) every 25 ms from a separate process until `stop()`, which resolves
 * with each answer's time in milliseconds.
 */
export function startHealthProbe(url: string): { stop: () => Promise<number[]> } {
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
      return output.split("\n").filter(Boolean).map(Number);
    },
  };
}

/** The server kept answering while it was probed: 95% of the answers within 200 ms, none in a second or more. */
export function expectKeptAnswering(times: number[]) {
  expect(times.length).toBeGreaterThan(5);
  const sorted = [...times].sort((a, b) => a - b);
  expect(sorted[Math.floor(sorted.length * 0.95)]).toBeLessThan(200);
  expect(sorted.at(-1)).toBeLessThan(1000);
}
