// The sqlmap pass of `npm run scan`: Debian's sqlmap on every query and form parameter of every target,
// with the target's session cookie, at level 2 / risk 1, a few processes at once within one time budget.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ScanTarget, Site } from "./scan-targets";

export const sqlmapPath = process.env.SQLMAP ?? "/usr/bin/sqlmap";

export type SqlmapRun = {
  target: ScanTarget;
  command: string[];
  outcome: "clean" | "injectable" | "stopped at its time limit" | "not run (budget spent)" | "failed";
  /** The injectable parameters sqlmap named, or why it failed. */
  details: string[];
  seconds: number;
};

/** Whether posting a form as it stands removes or switches off something other targets show (sqlmap sends it unchanged first). */
function removesSomething(target: ScanTarget): boolean {
  return target.params.some(
    ([name, value]) => (name === "intent" && /delete|remove/i.test(value)) || name === "active" || value === "Inactive",
  );
}

/**
 * One sqlmap run per distinct request shape: the same path, method and parameter names need testing once (by the first
 * person seen). The forms that delete or deactivate go last, so that no other target loses its page before its turn.
 */
export function distinctShapes(targets: ScanTarget[]): ScanTarget[] {
  const shapes = new Map<string, ScanTarget>();
  for (const target of targets) {
    if (target.params.length === 0) continue;
    const key = `${target.method} ${target.path}${target.actionQuery} ${target.params.map(([name]) => name).join(",")}`;
    if (!shapes.has(key)) shapes.set(key, target);
  }
  const all = [...shapes.values()];
  return [...all.filter((target) => !removesSomething(target)), ...all.filter(removesSomething)];
}

/** The multipart body a browser would send for these fields, with its boundary. */
function multipartBody(params: [string, string][]): { body: string; boundary: string } {
  const boundary = `----scan${randomBytes(8).toString("hex")}`;
  const parts = params.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: `${parts.join("")}--${boundary}--\r\n`, boundary };
}

/**
 * The sqlmap command line for a target: non-interactive, bounded, its session flushed, its log in `outputDir`; sent
 * to `via` (the counting forwarder) with the site's own Origin.
 */
export function sqlmapCommand(site: Site, target: ScanTarget, outputDir: string, via = site.url): string[] {
  const headers = [`Origin: ${site.url}`];
  const args = [sqlmapPath, "--batch", "--level=2", "--risk=1", "--dbms=PostgreSQL", "--disable-coloring", "--flush-session"];
  args.push(`--output-dir=${outputDir}`, "--timeout=15", "--retries=1", "--threads=2", "--tamper=xforwardedfor", "--drop-set-cookie");
  args.push(`-p`, target.params.map(([name]) => name).join(","));
  const cookie = site.cookies[target.identity];
  if (cookie) args.push(`--cookie=${cookie}`);
  if (target.method === "GET") {
    args.push("-u", `${via}${target.path}?${new URLSearchParams(target.params).toString()}`);
  } else if (target.multipart) {
    const { body, boundary } = multipartBody(target.params);
    headers.push(`Content-Type: multipart/form-data; boundary=${boundary}`);
    args.push("-u", `${via}${target.path}${target.actionQuery}`, `--data=${body}`);
  } else {
    args.push("-u", `${via}${target.path}${target.actionQuery}`, `--data=${new URLSearchParams(target.params).toString()}`);
  }
  args.push(`--headers=${headers.join("\n")}`);
  return args;
}

/**
 * What sqlmap's console output says: the injection points it confirmed (a parameter it only suspected at first and then
 * refuted is not one), or a failure other than "nothing injectable".
 */
export function readSqlmapOutput(output: string): Pick<SqlmapRun, "outcome" | "details"> {
  const injectable = [...output.matchAll(/^Parameter: (.+)$/gm), ...output.matchAll(/(\S+ parameter '[^']+') is vulnerable/g)].map(
    ([, name = ""]) => name,
  );
  if (injectable.length > 0 || /identified the following injection point/.test(output)) {
    return { outcome: "injectable", details: [...new Set(injectable)] };
  }
  // A critical remark (lagging answers, say) is kept with a run that still reached its conclusion.
  const critical = [...output.matchAll(/\[CRITICAL\] (.+)/g)].map(([, line = ""]) => line);
  if (!/do not appear to be injectable/.test(output)) {
    return { outcome: "failed", details: critical.length > 0 ? critical : [output.trim().split("\n").slice(-3).join(" / ")] };
  }
  return { outcome: "clean", details: critical };
}

/** The sqlmap processes running now, so that an interrupted scan can stop them too. */
const running = new Set<ChildProcess>();

/** Stops every sqlmap process still running (the scan was interrupted). */
export function stopSqlmap() {
  for (const child of running) child.kill("SIGTERM");
}

/** Runs one sqlmap process, stopping it at `deadline` (ms since the epoch); its console output goes to `logFile` too. */
function runOne(command: string[], deadline: number, logFile: string): Promise<{ output: string; stopped: boolean; spawnError?: string }> {
  return new Promise((resolve) => {
    const [program = sqlmapPath, ...args] = command;
    // TERM=dumb keeps sqlmap from writing terminal control codes into the log.
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, TERM: "dumb" } });
    running.add(child);
    let output = "";
    let stopped = false;
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(
      () => {
        stopped = true;
        child.kill("SIGTERM");
      },
      Math.max(0, deadline - Date.now()),
    );
    child.on("error", (error) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ output, stopped, spawnError: error.message });
    });
    child.on("close", () => {
      clearTimeout(timer);
      running.delete(child);
      writeFileSync(logFile, output);
      resolve({ output, stopped });
    });
  });
}

/**
 * sqlmap on every target, `width` processes at once, all within `budgetMs`: each run may take its share of what is
 * left, and nothing starts once the budget is spent.
 */
export async function runSqlmap(
  site: Site,
  targets: ScanTarget[],
  options: { outputDir: string; budgetMs: number; width: number; via?: string },
) {
  const { outputDir, budgetMs, width, via } = options;
  mkdirSync(outputDir, { recursive: true });
  const phaseEnd = Date.now() + budgetMs;
  const runs: SqlmapRun[] = [];
  let next = 0;
  const lane = async () => {
    while (next < targets.length) {
      const index = next;
      next += 1;
      const target = targets[index] as ScanTarget;
      const command = sqlmapCommand(site, target, path.join(outputDir, `run-${index + 1}`), via);
      if (Date.now() >= phaseEnd - 5_000) {
        runs.push({ target, command, outcome: "not run (budget spent)", details: [], seconds: 0 });
        continue;
      }
      const started = Date.now();
      // Its share of what is left: one and a half times the even split over the targets not yet started and the
      // ones running, so that quick targets leave time to slow ones and the last ones still get theirs.
      const share = (((phaseEnd - started) * width) / Math.max(1, targets.length - index + width - 1)) * 1.5;
      const result = await runOne(
        command,
        Math.min(phaseEnd, started + Math.max(30_000, share)),
        path.join(outputDir, `run-${index + 1}.log`),
      );
      const seconds = (Date.now() - started) / 1000;
      const read = result.spawnError ? { outcome: "failed" as const, details: [result.spawnError] } : readSqlmapOutput(result.output);
      const outcome = result.stopped && read.outcome !== "injectable" ? "stopped at its time limit" : read.outcome;
      runs.push({ target, command, ...read, outcome, seconds });
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return runs;
}
