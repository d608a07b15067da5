import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/.server/db";
import { planSettings } from "~/.server/db/schema";
import { calendarFeed, calendarFeedToken } from "~/.server/plan/calendar-feed";
import { deadlineRemindersOn, UNSUBSCRIBE_LINK_INVALID, unsubscribeUrl } from "~/.server/plan/reminder-settings";
import { createUser } from "../../tests/support/accounts";
import { callRoute } from "../../tests/support/call-route";
import { withTestDatabase } from "../../tests/support/database-per-file";
import * as profile from "./dashboard/profile";
import * as unsubscribe from "./reminders-unsubscribe";

withTestDatabase();

type Answer = { done?: boolean; error?: string | null; token?: string };
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

test("the e-mail's link asks first, then turns off that person's reminders without signing in; a bad link says so and changes nothing", async () => {
  const student = await createUser({ verified: true });
  const path = pathOf(unsubscribeUrl(student.id));
  const token = new URL(path, "http://x").searchParams.get("token") ?? "";

  // Opening the link (a mail scanner does) changes nothing.
  const asked = await callRoute<Answer>(unsubscribe, { path });
  expect(asked.status).toBe(200);
  expect(asked.data.token).toBe(token);
  expect(await deadlineRemindersOn(student.id)).toBe(true);

  const done = await callRoute<Answer>(unsubscribe, { path: "/reminders/unsubscribe", form: { token } });
  expect(done.status).toBe(200);
  expect(done.data.done).toBe(true);
  expect(await deadlineRemindersOn(student.id)).toBe(false);

  for (const bad of [`${token}x`, "", "a.b"]) {
    const page = await callRoute<Answer>(unsubscribe, { path: `/reminders/unsubscribe?token=${encodeURIComponent(bad)}` });
    expect(page.status).toBe(400);
    expect(page.data.error).toBe(UNSUBSCRIBE_LINK_INVALID);
    const post = await callRoute<Answer>(unsubscribe, { path: "/reminders/unsubscribe", form: { token: bad } });
    expect(post.status).toBe(400);
    expect(post.data.error).toBe(UNSUBSCRIBE_LINK_INVALID);
  }
});

test("a mail program's one-click unsubscribe (RFC 8058) posts to the link itself", async () => {
  const student = await createUser({ verified: true });
  const answer = await callRoute<Answer>(unsubscribe, {
    path: pathOf(unsubscribeUrl(student.id)),
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(answer.data.done).toBe(true);
  expect(await deadlineRemindersOn(student.id)).toBe(false);
});

test("the profile turns reminders back on and makes a new calendar link, for the signed-in person only", async () => {
  const student = await createUser({ verified: true });
  const other = await createUser({ verified: true });
  const post = (form: Record<string, string>, cookie = student.cookie) =>
    callRoute(profile, { path: "/dashboard/profile", form, headers: { Cookie: cookie } });

  expect((await post({ intent: "deadline-reminders", deadlineReminders: "off" })).status).toBe(302);
  expect(await deadlineRemindersOn(student.id)).toBe(false);
  expect((await post({ intent: "deadline-reminders", deadlineReminders: "on" })).status).toBe(302);
  expect(await deadlineRemindersOn(student.id)).toBe(true);
  expect((await post({ intent: "deadline-reminders", deadlineReminders: "maybe" })).status).toBe(400);

  const before = await calendarFeedToken(student.id);
  const othersToken = await calendarFeedToken(other.id);
  expect((await post({ intent: "reset-calendar" })).status).toBe(302);
  expect(await calendarFeed(before)).toBeNull();
  const after = await calendarFeedToken(student.id);
  expect(after).not.toBe(before);
  expect(await calendarFeed(after)).toContain("BEGIN:VCALENDAR");
  expect(await calendarFeedToken(other.id)).toBe(othersToken);

  // Signed out, nothing changes.
  const anonymous = await post({ intent: "deadline-reminders", deadlineReminders: "off" }, "");
  expect(anonymous.status).toBe(302);
  expect(anonymous.location).toMatch(/^\/login/);
  const [row] = await db().select().from(planSettings).where(eq(planSettings.userId, student.id));
  expect(row?.deadlineReminders).toBe(true);
});

test("hostile unsubscribe posts get the link's message, never a fault: a huge token, a doubled one, an unreadable body", async () => {
  const student = await createUser({ verified: true });
  const token = new URL(unsubscribeUrl(student.id)).searchParams.get("token") ?? "";
  for (const bad of ["x".repeat(100_000), `${token}&token=${token}`, `${token.slice(0, -1)}\u0000`]) {
    const answer = await callRoute<Answer>(unsubscribe, { path: "/reminders/unsubscribe", form: { token: bad } });
    expect(answer.status).toBe(400);
    expect(answer.data.error).toBe(UNSUBSCRIBE_LINK_INVALID);
  }
  const broken = new FormData();
  const answer = await callRoute<Answer>(unsubscribe, {
    path: "/reminders/unsubscribe",
    form: broken,
    headers: { "Content-Type": "multipart/form-data; boundary=never" },
  });
  expect(answer.status).toBe(400);
  expect(answer.data.error).toBeTruthy();
  expect(await deadlineRemindersOn(student.id)).toBe(true);

  // A control character pasted into the real link is dropped, as on every form (app/lib/form-text.ts): it still works.
  const pasted = await callRoute<Answer>(unsubscribe, { path: "/reminders/unsubscribe", form: { token: `${token}\u0000` } });
  expect(pasted.data.done).toBe(true);
  expect(await deadlineRemindersOn(student.id)).toBe(false);
});

test("two resets of the calendar link at once leave one working link, and the old one dead", async () => {
  const student = await createUser({ verified: true });
  const before = await calendarFeedToken(student.id);
  const answers = await Promise.all(
    [1, 2].map(() =>
      callRoute(profile, { path: "/dashboard/profile", form: { intent: "reset-calendar" }, headers: { Cookie: student.cookie } }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
  const after = await calendarFeedToken(student.id);
  expect(after).not.toBe(before);
  expect(await calendarFeed(before)).toBeNull();
  expect(await calendarFeed(after)).toContain("BEGIN:VCALENDAR");
  const [row] = await db().select().from(planSettings).where(eq(planSettings.userId, student.id));
  expect(row?.calendarToken).toBe(after);
});
