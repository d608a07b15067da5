import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { withTestDatabase } from "../../tests/support/database-per-file";
import { db } from "./db";
import { mailOutbox } from "./db/schema";
import { jobRunReports, outboxBacklog, reportingRuns } from "./metrics";

withTestDatabase();

const mail = (to: string) => ({ to, subject: "Hello", text: "Hello", html: "<p>Hello</p>" });

test("the outbox's backlog counts the mail still to send, the oldest first, and not what was sent or failed", async () => {
  expect(await outboxBacklog(db())).toEqual({ pending: 0, oldestPendingSeconds: 0 });
  await db()
    .insert(mailOutbox)
    .values([
      { ...mail("old@example.com"), createdAt: sql`now() - interval '90 seconds'` },
      { ...mail("new@example.com"), nextAttemptAt: sql`now() + interval '5 minutes'` },
      { ...mail("sent@example.com"), status: "sent", createdAt: sql`now() - interval '1 day'` },
      { ...mail("failed@example.com"), status: "failed", createdAt: sql`now() - interval '1 day'` },
    ]);
  const backlog = await outboxBacklog(db());
  expect(backlog.pending).toBe(2);
  expect(backlog.oldestPendingSeconds).toBeGreaterThanOrEqual(90);
  expect(backlog.oldestPendingSeconds).toBeLessThan(120);
});

test("a job is late by the time since its last finished run beyond its interval; a failed run is not a finished one", async () => {
  let fail = false;
  const run = reportingRuns("test_job", 60_000, async () => {
    if (fail) throw new Error("the database is down");
    return 1;
  });
  const report = () => jobRunReports(Date.now() + 100_000).find((entry) => entry.job === "test_job");
  // Never run: counted from when the job started.
  expect(report()).toMatchObject({ lastRunAt: undefined });
  expect(report()?.lagSeconds).toBeCloseTo(40, 0);
  await run();
  const finishedAt = report()?.lastRunAt ?? 0;
  expect(Date.now() - finishedAt).toBeLessThan(1_000);
  fail = true;
  await expect(run()).rejects.toThrow("the database is down");
  expect(report()?.lastRunAt).toBe(finishedAt);
  expect(jobRunReports(finishedAt + 30_000).find((entry) => entry.job === "test_job")?.lagSeconds).toBe(0);
  expect(jobRunReports(finishedAt + 75_000).find((entry) => entry.job === "test_job")?.lagSeconds).toBe(15);
});
