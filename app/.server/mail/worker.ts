import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db";
import { mailOutbox } from "../db/schema";
import { logger } from "../logger";
import { outboxEvents } from "./outbox";
import type { MailTransport } from "./transport";

const POLL_MS = 2_000;
const BATCH = 10;
/** While one instance sends a message, others skip it for this long. */
const LEASE_SECONDS = 60;
const MAX_BACKOFF_SECONDS = 300;
/** A permanent refusal (5xx) is retried this many times before the message is marked failed. */
const MAX_PERMANENT_ATTEMPTS = 3;

export type MailWorker = { runOnce(): Promise<number>; stop(): Promise<void> };

/**
 * Sends what the outbox holds: woken when a message is queued and every few seconds.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several instances can
 * run workers side by side; failures are retried with exponential backoff.
 */
export function startMailWorker(options: { database: () => Database; transport: MailTransport; pollMs?: number }): MailWorker {
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  async function claim(): Promise<(typeof mailOutbox.$inferSelect)[]> {
    return options.database().transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(mailOutbox.id)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function deliver(row: typeof mailOutbox.$inferSelect) {
    try {
      await options.transport.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(row.calendar ? { calendar: row.calendar } : {}),
      });
      await options
        .database()
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, row.id));
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode ?? 0;
      const permanent = responseCode >= 500 && row.attempts >= MAX_PERMANENT_ATTEMPTS;
      const backoff = Math.min(MAX_BACKOFF_SECONDS, 5 * 2 ** (row.attempts - 1));
      logger.warn({ err: error, mailId: row.id, attempts: row.attempts, permanent }, "sending mail failed");
      await options
        .database()
        .update(mailOutbox)
        .set({
          status: permanent ? "failed" : "pending",
          lastError: error instanceof Error ? error.message : String(error),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoff})`,
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }

  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return sent;
      for (const row of rows) await deliver(row);
      sent += rows.length;
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        logger.warn({ err: error }, "the mail worker could not read the outbox");
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  const wake = () => {
    if (!stopped) setTimeout(() => void runOnce(), 20);
  };
  outboxEvents.on("queued", wake);
  const timer = setInterval(() => void runOnce(), options.pollMs ?? POLL_MS);
  timer.unref();
  wake();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      outboxEvents.off("queued", wake);
      await running;
      options.transport.close();
    },
  };
}
