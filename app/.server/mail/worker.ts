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

/** Marking a sent message is retried this often, this far apart (growing), within the lease. */
const MARK_SENT_ATTEMPTS = 5;
const MARK_SENT_RETRY_MS = 500;

/** A message's Message-ID, from its outbox row: the same on every attempt, different for every message. */
export function outboxMessageId(row: { id: number; createdAt: Date }): string {
  return `<outbox-${row.id}-${row.createdAt.getTime()}@onward.mail>`;
}

export type MailWorker = { runOnce(): Promise<number>; stop(): Promise<void> };

/**
 * Sends what the outbox holds: woken when a message is queued and every few seconds.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several instances can
 * run workers side by side; failures are retried with exponential backoff.
 */
export function startMailWorker(options: {
  database: () => Database;
  transport: MailTransport;
  pollMs?: number;
  /** How long a claim keeps other workers off a message (tests shorten it). */
  leaseSeconds?: number;
}): MailWorker {
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
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
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
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
        messageId: outboxMessageId(row),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(row.calendar ? { calendar: row.calendar } : {}),
      });
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
      return;
    }
    await markSent(row);
  }

  /**
   * Records a message the SMTP server took. Failing here is not a failed send (treated as one, the
   * message went out again: found by `npm run test:faults` when a database connection was cut), so
   * it is retried; should the process die first, the lease runs out and the message goes again
   * with the same Message-ID, which mail clients show once.
   */
  async function markSent(row: typeof mailOutbox.$inferSelect) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await options
          .database()
          .update(mailOutbox)
          .set({ status: "sent", sentAt: new Date(), lastError: null })
          .where(eq(mailOutbox.id, row.id));
        return;
      } catch (error) {
        if (attempt >= MARK_SENT_ATTEMPTS || stopped) {
          logger.error({ err: error, mailId: row.id }, "a sent message could not be marked sent: it may go again (same Message-ID)");
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, MARK_SENT_RETRY_MS * attempt));
      }
    }
  }

  /**
   * Sends the claimed batches one message at a time. A message is started only while at least
   * half of the batch's lease is left: behind a slow SMTP server the lease of a batch's last
   * messages would run out while this worker still meant to send them, and another instance
   * would claim and send them too. Those not started wait for their lease to end and the next
   * claim, by whichever worker.
   */
  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimedAt = Date.now();
      const rows = await claim();
      if (rows.length === 0) return sent;
      for (const row of rows) {
        if (Date.now() - claimedAt > (leaseSeconds * 1000) / 2) break;
        await deliver(row);
        sent += 1;
      }
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
