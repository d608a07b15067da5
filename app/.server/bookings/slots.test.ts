import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as slotsRoute from "~/routes/dashboard/appointment-time";
import { createUser } from "../../../tests/support/accounts";
import { bookingContact, createConsultant, createSlot, wallClock } from "../../../tests/support/booking";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { refusal, sessionOf, toastOf } from "../../../tests/support/members";
import { db } from "../db";
import { appointmentSlots } from "../db/schema";
import { requestStorage } from "../request-context";
import { addSlot } from "./add-slot";
import { bookSlot } from "./book-slot";
import { slotInstants } from "./slot-time";

withTestDatabase();

type SlotList = { slots: { items: { id: string; when: string; bookingStatus: string | null }[]; total: number } };
type Reply = { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };

const HOUR = 3_600_000;
/** A day a week or two ahead, as YYYY-MM-DD. */
const daysAhead = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);

/** Runs `run` as a request to a Bangla page (/bn/…) does: every message in Bangla. */
const inBangla = <T>(run: () => T) => requestStorage.run({ requestId: "test", nonce: "test", clientIp: "198.51.100.7", locale: "bn" }, run);

const liveSlots = (consultantId: string) =>
  db()
    .select()
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.consultantId, consultantId), isNull(appointmentSlots.deletedAt)));

describe("adding slots", () => {
  test("a post of date, time, duration and timeZone alone adds a slot, stored as instants and listed as HH:MM in the zone it was entered in", async () => {
    const owner = await createConsultant();
    const date = daysAhead(10);
    const added = await callRoute(slotsRoute, {
      path: "/dashboard/appointment-time",
      form: { date, time: "10:00", duration: "45", timeZone: "Europe/London" },
      headers: { Cookie: owner.user.cookie },
    });
    expect(added.status, JSON.stringify(added.data)).toBe(303);
    expect(await toastOf(new Response(null, { headers: added.headers }))).toBe("Slot added successfully");
    const [slot] = await liveSlots(owner.consultant.id);
    expect(slot?.timeZone).toBe("Europe/London");
    expect(wallClock(slot?.startsAt ?? new Date(), "Europe/London")).toEqual({ date, time: "10:00" });
    expect((slot?.endsAt.getTime() ?? 0) - (slot?.startsAt.getTime() ?? 0)).toBe(45 * 60_000);

    const page = await callRoute<SlotList>(slotsRoute, { path: "/dashboard/appointment-time", headers: { Cookie: owner.user.cookie } });
    expect(page.data.slots.items[0]?.when).toMatch(/, 10:00 – 10:45 (GMT|BST) \(Europe\/London\)$/);
    expect(page.data.slots.items[0]?.bookingStatus).toBeNull();
  });

  test("Asia/Dhaka is the default zone, and a 10:00 Dhaka slot is 04:00 UTC", async () => {
    const owner = await createConsultant();
    const date = daysAhead(12);
    const slot = await addSlot({ actor: await sessionOf(owner.user), consultantId: owner.consultant.id, fields: { date, time: "10:00" } });
    expect(slot.timeZone).toBe("Asia/Dhaka");
    expect(slot.startsAt.toISOString()).toBe(`${date}T04:00:00.000Z`);
    expect(slot.endsAt.toISOString()).toBe(`${date}T04:30:00.000Z`);
  });

  test("refuses, with the field named and nothing stored: an impossible date, a duration of 0 or 10,000, a malformed zone, the past, a clock-change gap", async () => {
    const owner = await createConsultant();
    const post = (fields: Record<string, string>) =>
      callRoute<Reply>(slotsRoute, {
        path: "/dashboard/appointment-time",
        form: { date: daysAhead(5), time: "09:00", duration: "30", timeZone: "Asia/Dhaka", ...fields },
        headers: { Cookie: owner.user.cookie },
      });
    const cases: [Record<string, string>, string, string][] = [
      [{ date: "2026-02-30" }, "date", "That date does not exist"],
      [{ date: "30/03/2027" }, "date", "Enter the date as YYYY-MM-DD"],
      [{ time: "25:00" }, "time", "Enter the start as HH:MM, 24-hour"],
      [{ time: "10 AM" }, "time", "Enter the start as HH:MM, 24-hour"],
      [{ duration: "0" }, "duration", "A slot lasts 15 to 180 minutes"],
      [{ duration: "10000" }, "duration", "A slot lasts 15 to 180 minutes"],
      [{ duration: "ten" }, "duration", "Enter the length in whole minutes"],
      [{ timeZone: "GMT +6" }, "timeZone", "Choose a time zone from the list, for example Asia/Dhaka"],
      [{ timeZone: "Mars/Olympus_Mons" }, "timeZone", "Choose a time zone from the list, for example Asia/Dhaka"],
      [{ timeZone: "+06:00" }, "timeZone", "Choose a time zone from the list, for example Asia/Dhaka"],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await post(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.data.result.error[field], JSON.stringify(fields)).toEqual([message]);
    }
    const past = await post({ date: daysAhead(-1) });
    expect(past.status).toBe(400);
    expect(past.data.result.error.date).toEqual(["This slot is in the past; choose a later date or time"]);
    expect(past.data.result.initialValue.time).toBe("09:00");
    expect(await liveSlots(owner.consultant.id)).toHaveLength(0);

    // 01:30 on the last Sunday of March does not exist in London: the clocks jump from 01:00 to 02:00.
    expect(() =>
      slotInstants({ date: "2027-03-28", time: "01:30", duration: 30, timeZone: "Europe/London", now: new Date("2027-01-01T00:00:00Z") }),
    ).toThrow("01:30 does not exist on 2027-03-28 in Europe/London");
  });

  test("on a Bangla page the refusals and the toast are in Bangla, the clashing slot's time in Bangla digits", async () => {
    const owner = await createConsultant();
    const date = daysAhead(9);
    const post = (fields: Record<string, string>) =>
      inBangla(() =>
        callRoute<Reply>(slotsRoute, {
          path: "/dashboard/appointment-time",
          form: { date, time: "09:00", duration: "30", timeZone: "Asia/Dhaka", ...fields },
          headers: { Cookie: owner.user.cookie },
        }),
      );
    const past = await post({ date: daysAhead(-1) });
    expect(past.status).toBe(400);
    expect(past.data.result.error.date).toEqual(["এই স্লটের সময় পেরিয়ে গেছে; পরের কোনো তারিখ বা সময় বেছে নিন"]);
    const added = await post({});
    expect(added.status, JSON.stringify(added.data)).toBe(303);
    expect(await toastOf(new Response(null, { headers: added.headers }))).toBe("স্লট যোগ করা হয়েছে");
    const clash = await post({ time: "09:15" });
    expect(clash.status).toBe(409);
    expect(clash.data.result.error.time?.[0]).toMatch(
      /^এই স্লটটি .*[০-৯]{1,2}:[০-৯]{2} – [০-৯]{1,2}:[০-৯]{2} \(Asia\/Dhaka\)-এ আপনার আরেকটি স্লটের সঙ্গে মিলে যাচ্ছে।$/,
    );
    expect(await liveSlots(owner.consultant.id)).toHaveLength(1);
  });

  test("an overlapping slot is refused naming the other; a slot ending where another starts is fine", async () => {
    const owner = await createConsultant();
    const actor = await sessionOf(owner.user);
    const date = daysAhead(20);
    await addSlot({ actor, consultantId: owner.consultant.id, fields: { date, time: "10:00", duration: "60", timeZone: "UTC" } });
    const clash = await refusal(
      addSlot({ actor, consultantId: owner.consultant.id, fields: { date, time: "16:30", duration: "30", timeZone: "Asia/Dhaka" } }),
    );
    expect(clash.code).toBe("CONFLICT");
    expect(clash.fieldErrors.time).toMatch(/^This slot overlaps your slot on .+, 16:00 – 17:00 \(Asia\/Dhaka\)\.$/);
    await addSlot({ actor, consultantId: owner.consultant.id, fields: { date, time: "11:00", duration: "30", timeZone: "UTC" } });
    // Another consultant's slots do not count.
    const other = await createConsultant();
    await addSlot({
      actor: await sessionOf(other.user),
      consultantId: other.consultant.id,
      fields: { date, time: "10:00", duration: "60", timeZone: "UTC" },
    });
    expect(await liveSlots(owner.consultant.id)).toHaveLength(2);
  });

  test("20 overlapping slots posted at once: exactly one is stored, the database's exclusion constraint refusing the rest", async () => {
    const owner = await createConsultant();
    const actor = await sessionOf(owner.user);
    const date = daysAhead(30);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        addSlot({
          actor,
          consultantId: owner.consultant.id,
          fields: { date, time: `10:${String(index * 2).padStart(2, "0")}`, duration: "60", timeZone: "UTC" },
        }),
      ),
    );
    const failures = results.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(failures.every((error) => error.code === "CONFLICT" && /overlaps/.test(error.message))).toBe(true);
    expect(await liveSlots(owner.consultant.id)).toHaveLength(1);
  });

  test("the database refuses an overlap even when code forgets to check", async () => {
    const owner = await createConsultant();
    const start = new Date(Date.now() + 50 * 24 * HOUR);
    const row = (id: string, offsetMinutes: number) => ({
      id,
      consultantId: owner.consultant.id,
      startsAt: new Date(start.getTime() + offsetMinutes * 60_000),
      endsAt: new Date(start.getTime() + (offsetMinutes + 30) * 60_000),
      timeZone: "UTC",
    });
    await db().insert(appointmentSlots).values(row("raw-1", 0));
    const error = await db()
      .insert(appointmentSlots)
      .values(row("raw-2", 15))
      .then(
        () => null,
        (caught: { cause?: { code?: string }; code?: string }) => caught.cause?.code ?? caught.code,
      );
    expect(error).toBe("23P01");
  });
});

describe("deleting slots", () => {
  test("asks nothing of the server but the slot: deletes a free one with the toast, and refuses one a live booking holds", async () => {
    const owner = await createConsultant();
    const free = await createSlot(owner);
    const held = await createSlot(owner);
    const student = await createUser();
    await bookSlot({
      student: await sessionOf(student),
      consultantId: owner.consultant.id,
      fields: { slot: held.id, ...bookingContact(student) },
    });
    const remove = (slot: string, cookie = owner.user.cookie) =>
      callRoute<{ refusal: { message: string } }>(slotsRoute, {
        path: "/dashboard/appointment-time",
        form: { intent: "delete", slot },
        headers: { Cookie: cookie },
      });
    const deleted = await remove(free.id);
    expect(deleted.status).toBe(303);
    expect(await toastOf(new Response(null, { headers: deleted.headers }))).toBe("Slot deleted successfully");
    const refused = await remove(held.id);
    expect(refused.status).toBe(409);
    expect(refused.data.refusal.message).toBe(
      "This slot has a pending booking. Reject it (or ask the student to cancel it) before deleting the slot.",
    );
    expect((await liveSlots(owner.consultant.id)).map((slot) => slot.id)).toEqual([held.id]);

    const other = await createConsultant();
    expect((await remove(held.id, other.user.cookie)).status).toBe(404);
    expect((await remove(free.id)).status).toBe(404);
  });

  test("a deleted slot frees its time for a new one, and past slots move to the history list", async () => {
    const owner = await createConsultant();
    const slot = await createSlot(owner, { hoursAhead: 72 });
    await callRoute(slotsRoute, {
      path: "/dashboard/appointment-time",
      form: { intent: "delete", slot: slot.id },
      headers: { Cookie: owner.user.cookie },
    });
    const again = await createSlot(owner, { hoursAhead: 72 });
    expect(again.startsAt.getTime()).toBe(slot.startsAt.getTime());

    const past = new Date(Date.now() - 5 * HOUR);
    await db()
      .insert(appointmentSlots)
      .values({
        id: "past-slot",
        consultantId: owner.consultant.id,
        startsAt: past,
        endsAt: new Date(past.getTime() + 30 * 60_000),
        timeZone: "UTC",
      });
    const upcoming = await callRoute<SlotList>(slotsRoute, { path: "/dashboard/appointment-time", headers: { Cookie: owner.user.cookie } });
    expect(upcoming.data.slots.items.map((item) => item.id)).toEqual([again.id]);
    const history = await callRoute<SlotList>(slotsRoute, {
      path: "/dashboard/appointment-time?view=past",
      headers: { Cookie: owner.user.cookie },
    });
    expect(history.data.slots.items.map((item) => item.id)).toEqual(["past-slot"]);
  });

  test("a student and a manager without a consultant profile are refused (403)", async () => {
    for (const role of ["student", "manager"] as const) {
      const user = await createUser({ role });
      const answer = await callRoute(slotsRoute, {
        path: "/dashboard/appointment-time",
        form: { date: daysAhead(3), time: "10:00", duration: "30", timeZone: "UTC" },
        headers: { Cookie: user.cookie },
      });
      expect(answer.status, role).toBe(403);
    }
  });
});
