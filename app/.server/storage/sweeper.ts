import { getDatabaseHandle } from "../db";
import { logger } from "../logger";
import { getStorage, PARTIAL_MARKER } from "./storage";

/**
 * A part of storage whose files rows point at: `prefix` names its keys, and `referenced` says
 * which of a batch of keys some row still points at. Only registered prefixes are swept, so
 * another feature's files are never touched by rules that do not know them.
 */
export type SweptPrefix = { prefix: string; referenced: (keys: string[]) => Promise<Set<string>> };

/**
 * Temporary files of writes that never finished anywhere in storage (photos and logos as well as
 * documents): a process killed half-way through writing one. Every other file is kept.
 */
export const unfinishedWrites: SweptPrefix = {
  prefix: "",
  async referenced(keys) {
    return new Set(keys.filter((key) => !key.includes(PARTIAL_MARKER)));
  },
};

/** Files younger than this are left alone: a row may be about to point at them (written before its row commits). */
export const SWEEP_MIN_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/**
 * Removes the files under each prefix that no row points at and that are older than a day: the
 * temporary files of writes that never finished, documents whose row was never committed (a
 * refused or interrupted post), and files left when deleting one failed. Returns how many went.
 */
export async function sweepStorage(prefixes: SweptPrefix[], now = new Date()): Promise<number> {
  const storage = getStorage();
  let removed = 0;
  for (const { prefix, referenced } of prefixes) {
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const kept = await referenced(batch);
      for (const key of batch) {
        if (kept.has(key)) continue;
        await storage.delete(key);
        removed += 1;
      }
      batch = [];
    };
    for await (const entry of storage.list(prefix)) {
      if (now.getTime() - entry.modifiedAt.getTime() < SWEEP_MIN_AGE_MS) continue;
      batch.push(entry.key);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  }
  return removed;
}

/** The advisory lock one sweep at a time holds across every instance on the database. */
const SWEEP_LOCK_KEY = 727_003;

/**
 * sweepStorage, unless another session of this PostgreSQL database is sweeping (another
 * instance, or this one's previous sweep still listing a large bucket): then it answers undefined
 * at once and leaves the work to that one. Two sweeps at once would each list the whole store and
 * delete the same files; one is enough. On PGlite one process owns the database and always sweeps.
 */
export async function sweepStorageOnce(prefixes: SweptPrefix[], now = new Date()): Promise<number | undefined> {
  return (await getDatabaseHandle().tryAdvisoryLock(SWEEP_LOCK_KEY, () => sweepStorage(prefixes, now)))?.value;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Sweeps once a few minutes after start, then every hour, on one instance at a time; `stop` ends it (server shutdown). */
export function startStorageSweeper(prefixes: SweptPrefix[]): { stop(): void } {
  const run = () =>
    sweepStorageOnce(prefixes)
      .then((removed) => {
        if (removed === undefined) logger.debug("another instance is sweeping stored files; this one skips its sweep");
        else if (removed > 0) logger.info({ removed }, "removed stored files no row points at");
      })
      .catch((error: unknown) => logger.error({ err: error }, "sweeping stored files failed"));
  const first = setTimeout(run, 5 * 60 * 1000);
  const every = setInterval(run, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
