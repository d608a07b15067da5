import { and, eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { createUser, type TestUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { db } from "../db";
import { deadlineRemindersSent, mailOutbox, planSettings, universities } from "../db/schema";
import { isAppError } from "../errors";
import { addToShortlist } from "../universities/shortlist";
import { dueLeadTime, sendDueDeadlineReminders, startDeadlineReminders } from "./deadline-reminders";
import {
  deadlineRemindersOn,
  setDeadlineReminders,
  UNSUBSCRIBE_LINK_INVALID,
  unsubscribeUrl,
  unsubscribeWithToken,
} from "./reminder-settings";
import { signLinkToken, verifyLinkToken } from "./signed-link";

withTestDatabase();

// The catalogue's usual deadlines: Toronto's September intake by 12 January, Helsinki's August intake by 16 January.
const TORONTO = "university-of-toronto";
const HELSINKI = "university-of-helsinki";

/** The deadline reminders queued for this person (not the account's other mail), oldest first. */
async function mailsTo(user: TestUser) {
  const mails = await db()
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, user.email))
    .orderBy(mailOutbox.id);
  return mails.filter((mail) => mail.text.includes("/reminders/unsubscribe?token="));
}

async function studentWithShortlist(slugs: string[], options: { verified?: boolean } = {}) {
  const student = await createUser({ verified: options.verified ?? true });
  for (const slug of slugs) await addToShortlist({ userId: student.id, slug });
  return student;
}

/** Runs the job at a moment (Dhaka is UTC+6: 06:00 UTC is noon there). */
const runAt = (isoDate: string) => sendDueDeadlineReminders(db(), new Date(`${isoDate}T06:00:00Z`));

function tokenOf(text: string): string {
  const match = /\/reminders\/unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no unsubscribe link in: ${text}`);
  return match[1];
}

test.each([
  [45, null],
  [31, null],
  [30, 30],
  [8, 30],
  [7, 7],
  [0, 7],
  [-1, null],
])("a deadline %d days away is due for the %s-day reminder", (daysLeft, expected) => {
  expect(dueLeadTime(daysLeft)).toBe(expected);
});

describe("deadline reminders", () => {
  test("30 days before and again 7 days before, each once, one e-mail for the deadlines due together, never after the deadline", async () => {
    const student = await studentWithShortlist([TORONTO, HELSINKI]);

    expect(await runAt("2026-12-01")).toBe(0); // 42 and 46 days away: nothing yet
    await runAt("2026-12-20"); // 23 and 27 days away: both within 30
    let mails = await mailsTo(student);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("2 application deadlines on your shortlist are coming up");
    expect(mails[0]?.text).toContain("University of Toronto: apply by 12 January 2027 for the September 2027 intake (23 days left)");
    expect(mails[0]?.text).toContain("University of Helsinki: apply by 16 January 2027 for the August 2027 intake (27 days left)");
    // Soonest first.
    expect(mails[0]?.text.indexOf("Toronto")).toBeLessThan(mails[0]?.text.indexOf("Helsinki") ?? 0);

    // The next runs of the hour, and of the following days, send nothing again.
    await runAt("2026-12-20");
    await runAt("2026-12-28");
    expect(await mailsTo(student)).toHaveLength(1);

    await runAt("2027-01-06"); // Toronto 6 days away: its 7-day reminder; Helsinki (10 days) has had its 30-day one
    mails = await mailsTo(student);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe("University of Toronto: 6 days left to apply");

    await runAt("2027-01-13"); // Toronto's deadline passed (its next is a year away); Helsinki 3 days away
    mails = await mailsTo(student);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "2 application deadlines on your shortlist are coming up",
      "University of Toronto: 6 days left to apply",
      "University of Helsinki: 3 days left to apply",
    ]);

    await runAt("2027-01-17"); // both passed: nothing about them
    await runAt("2027-02-01");
    expect(await mailsTo(student)).toHaveLength(3);
    const rows = await db().select().from(deadlineRemindersSent).where(eq(deadlineRemindersSent.userId, student.id));
    expect(rows.map((row) => `${row.deadline}/${row.daysBefore}`).sort()).toEqual([
      "2027-01-12/30",
      "2027-01-12/7",
      "2027-01-16/30",
      "2027-01-16/7",
    ]);
  });

  test("two instances running at once send each reminder once", async () => {
    const student = await studentWithShortlist([TORONTO]);
    const now = new Date("2026-12-20T06:00:00Z");
    await Promise.all([sendDueDeadlineReminders(db(), now), sendDueDeadlineReminders(db(), now), sendDueDeadlineReminders(db(), now)]);
    expect(await mailsTo(student)).toHaveLength(1);
  });

  test("an unconfirmed address, or reminders turned off, gets none; turned back on, they come", async () => {
    const unconfirmed = await studentWithShortlist([TORONTO], { verified: false });
    const off = await studentWithShortlist([TORONTO]);
    await setDeadlineReminders(off.id, false);
    await runAt("2026-12-20");
    expect(await mailsTo(unconfirmed)).toHaveLength(0);
    expect(await mailsTo(off)).toHaveLength(0);

    await setDeadlineReminders(off.id, true);
    expect(await deadlineRemindersOn(off.id)).toBe(true);
    await runAt("2026-12-21");
    expect(await mailsTo(off)).toHaveLength(1);
  });

  test("a staff edit of the deadline is a new deadline to remind of", async () => {
    const student = await studentWithShortlist([TORONTO]);
    await runAt("2026-12-20");
    await db()
      .update(universities)
      .set({ intakes: [{ month: 9, deadline: { month: 1, day: 19 } }] })
      .where(eq(universities.slug, TORONTO));
    await runAt("2026-12-21");
    const mails = await mailsTo(student);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain("apply by 19 January 2027");
    await db()
      .update(universities)
      .set({ intakes: [{ month: 9, deadline: { month: 1, day: 12 } }] })
      .where(eq(universities.slug, TORONTO));
  });
});

describe("the unsubscribe link", () => {
  test("the e-mail's link turns that person's reminders off without signing in, and only theirs", async () => {
    const student = await studentWithShortlist([HELSINKI]);
    const other = await studentWithShortlist([HELSINKI]);
    await runAt("2026-12-22");
    const [mail] = await mailsTo(student);
    const token = tokenOf(mail?.text ?? "");

    await unsubscribeWithToken(token);
    await unsubscribeWithToken(token); // a second click changes nothing more
    expect(await deadlineRemindersOn(student.id)).toBe(false);
    expect(await deadlineRemindersOn(other.id)).toBe(true);

    await db().delete(deadlineRemindersSent);
    await runAt("2027-01-10");
    expect(await mailsTo(student)).toHaveLength(1);
    expect((await mailsTo(other)).length).toBeGreaterThan(1);
  });

  test("an altered, expired or foreign-purpose token changes nothing", async () => {
    const student = await createUser({ verified: true });
    const other = await createUser({ verified: true });
    const token = tokenOf(unsubscribeUrl(student.id));
    const [payload = "", signature = ""] = token.split(".");
    const otherPayload = Buffer.from(JSON.stringify({ u: other.id, e: Math.floor(Date.now() / 1000) + 3600 })).toString("base64url");
    const refused = [
      `${otherPayload}.${signature}`, // the same signature on another person
      `${payload}.${signature.slice(0, -2)}AA`,
      signLinkToken("reset-calendar", student.id, new Date(Date.now() + 3600_000)), // signed for something else
      signLinkToken("deadline-reminders-off", student.id, new Date(Date.now() - 1000)), // expired
      "",
      "not-a-token",
      `${payload}.${signature}.x`,
    ];
    for (const bad of refused) {
      const error = await unsubscribeWithToken(bad).catch((caught: unknown) => caught);
      expect(isAppError(error, "INVALID") && error.message).toBe(UNSUBSCRIBE_LINK_INVALID);
    }
    const rows = await db()
      .select()
      .from(planSettings)
      .where(and(eq(planSettings.deadlineReminders, false)));
    expect(rows.map((row) => row.userId)).not.toEqual(expect.arrayContaining([student.id]));
    expect(rows.map((row) => row.userId)).not.toEqual(expect.arrayContaining([other.id]));
    expect(verifyLinkToken("deadline-reminders-off", token)).toBe(student.id);
  });
});

test("adding a university whose deadline is close reminds that person at once, once", async () => {
  const student = await createUser({ verified: true });
  const job = startDeadlineReminders({ database: db, pollMs: 3_600_000 });
  try {
    await job.runOnce();
    const soon = new Date(Date.now() + 10 * 86_400_000);
    await db()
      .update(universities)
      .set({ intakes: [{ month: soon.getUTCMonth() + 1, deadline: { month: soon.getUTCMonth() + 1, day: soon.getUTCDate() } }] })
      .where(eq(universities.slug, "university-of-amsterdam"));
    await addToShortlist({ userId: student.id, slug: "university-of-amsterdam" });
    await vi.waitFor(async () => expect(await mailsTo(student)).toHaveLength(1), { timeout: 10_000 });
    await job.runOnce();
    expect(await mailsTo(student)).toHaveLength(1);
  } finally {
    await job.stop();
  }
});
