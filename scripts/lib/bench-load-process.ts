// The server process's own figures for `npm run bench:load`, read from /proc: CPU time (utime + stime,
// which other work on the machine barely moves) and resident memory, sampled while a phase runs.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const CLOCK_TICK_S = 1 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

/** CPU seconds the process has used so far (user + system). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_S;
}

/** A `/proc/<pid>/status` line in MB (VmRSS now, VmHWM the peak since the process started); 0 once it is gone. */
export function statusMb(pid: number, key: "VmRSS" | "VmHWM"): number {
  try {
    const match = new RegExp(`${key}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Whether the process still runs (a crash under load is a failure of its own). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export type ProcessFigures = { cpuShare: number; peakRssMb: number };

/**
 * Watches the process from now: its RSS sampled every 200 ms (VmHWM only ever rises, so a phase's own peak
 * needs samples), and on `stop()` its CPU over the wall time as a share of one core.
 */
export function watchProcess(pid: number) {
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  let peakRssMb = statusMb(pid, "VmRSS");
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, statusMb(pid, "VmRSS"));
  }, 200);
  return {
    stop(): ProcessFigures {
      clearInterval(sampler);
      peakRssMb = Math.max(peakRssMb, statusMb(pid, "VmRSS"));
      const wallS = (performance.now() - started) / 1000;
      return { cpuShare: isAlive(pid) ? (cpuSeconds(pid) - cpuBefore) / wallS : Number.NaN, peakRssMb };
    },
  };
}

/**
 * Watches several processes (a cluster's instances) at once: their CPU shares added up (1.6 is 160% of one core)
 * and the largest peak RSS of any one of them.
 */
export function watchProcesses(pids: readonly number[]) {
  const watches = pids.map((pid) => watchProcess(pid));
  return {
    stop(): ProcessFigures {
      const figures = watches.map((watch) => watch.stop());
      return {
        cpuShare: figures.reduce((sum, each) => sum + each.cpuShare, 0),
        peakRssMb: Math.max(0, ...figures.map((each) => each.peakRssMb)),
      };
    },
  };
}
