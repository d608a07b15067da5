import { logger } from "./logger";

export type PeriodicJob = { runOnce(): Promise<number>; stop(): Promise<void> };

/**
 * Runs a job every `pollMs` (and once at start), one run at a time in this process: a run still
 * going when the next is due is joined, not doubled. A failed run is logged and counts 0; the next
 * one tries again. The jobs keep their state in the database, so a restart loses nothing.
 */
export function startPeriodicJob(options: { what: string; pollMs: number; run: () => Promise<number> }): PeriodicJob {
  let running: Promise<number> | undefined;
  let stopped = false;
  function runOnce(): Promise<number> {
    running ??= options
      .run()
      .catch((error: unknown) => {
        logger.warn({ err: error }, `${options.what} could not be sent`);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }
  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, options.pollMs);
  timer.unref();
  void runOnce();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
