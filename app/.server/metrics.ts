import { eq, sql } from "drizzle-orm";
import type { Database } from "./db";
import { mailOutbox } from "./db/schema";

/**
 * What the app tells the metrics (server/metrics.ts) that the HTTP server cannot see: the mail
 * outbox's backlog, asked at each scrape, and when the scheduled jobs last finished a run.
 */

/** Mail waiting to be sent (failed messages aside), and how long the oldest of it has waited. */
export type OutboxBacklog = { pending: number; oldestPendingSeconds: number };

/** One aggregate over the pending rows, which the outbox's (status, next_attempt_at) index finds; cheap while the outbox keeps up. */
export async function outboxBacklog(database: Database): Promise<OutboxBacklog> {
  const [row] = await database
    .select({
      pending: sql<number>`count(*)::int`,
      oldestPendingSeconds: sql<number | null>`extract(epoch from now() - min(${mailOutbox.createdAt}))::float8`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, "pending"));
  return { pending: row?.pending ?? 0, oldestPendingSeconds: row?.oldestPendingSeconds ?? 0 };
}

/** A scheduled job's last finished run (ms since the epoch; none yet) and how far it is behind its schedule. */
export type JobRunReport = { job: string; lastRunAt: number | undefined; lagSeconds: number };

const jobRuns = new Map<string, { everyMs: number; since: number; lastRunAt?: number }>();

/**
 * Wraps a periodic job's run so the metrics know when it last finished one: a job that should run
 * every `everyMs` and has not finished a run for longer than that is late by the difference.
 */
export function reportingRuns(job: string, everyMs: number, run: () => Promise<number>): () => Promise<number> {
  const state: { everyMs: number; since: number; lastRunAt?: number } = { everyMs, since: Date.now() };
  jobRuns.set(job, state);
  return async () => {
    const done = await run();
    state.lastRunAt = Date.now();
    return done;
  };
}

/** Every reporting job's last finished run and its lag: the time since that run (or since the job started) beyond its interval. */
export function jobRunReports(now: number = Date.now()): JobRunReport[] {
  return [...jobRuns].map(([job, state]) => ({
    job,
    lastRunAt: state.lastRunAt,
    lagSeconds: Math.max(0, now - (state.lastRunAt ?? state.since) - state.everyMs) / 1000,
  }));
}
