import { expect, test } from "vitest";
import { daysBetween, daysLeftText, deadlineText, nextDeadline, todayIn } from "./deadlines";

const september = { month: 9, deadline: { month: 1, day: 15 } };
const octoberYearBefore = { month: 10, deadline: { month: 10, day: 15 } };

test.each([
  ["before a same-year deadline", [september], "2026-11-26", { date: "2027-01-15", intakeMonth: 9, intakeYear: 2027, daysLeft: 50 }],
  ["on the deadline's day", [september], "2027-01-15", { date: "2027-01-15", intakeMonth: 9, intakeYear: 2027, daysLeft: 0 }],
  [
    "the day after: the following intake",
    [september],
    "2027-01-16",
    { date: "2028-01-15", intakeMonth: 9, intakeYear: 2028, daysLeft: 364 },
  ],
  [
    "a deadline the year before its intake",
    [octoberYearBefore],
    "2026-11-26",
    { date: "2027-10-15", intakeMonth: 10, intakeYear: 2028, daysLeft: 323 },
  ],
  [
    "the soonest of two intakes",
    [september, { month: 1, deadline: { month: 11, day: 30 } }],
    "2026-11-26",
    { date: "2026-11-30", intakeMonth: 1, intakeYear: 2027, daysLeft: 4 },
  ],
  [
    "29 February in a common year is its last day",
    [{ month: 9, deadline: { month: 2, day: 29 } }],
    "2026-11-26",
    { date: "2027-02-28", intakeMonth: 9, intakeYear: 2027, daysLeft: 94 },
  ],
])("%s", (_name, intakes, today, expected) => {
  expect(nextDeadline(intakes, today)).toEqual(expected);
});

test("no intake with a deadline: no next deadline", () => {
  expect(nextDeadline([], "2026-11-26")).toBeNull();
  expect(nextDeadline([{ month: 9, deadline: null }], "2026-11-26")).toBeNull();
});

test("today is the person's own date, and days are whole calendar days", () => {
  const lateEveningInLondon = new Date("2026-11-26T22:30:00Z");
  expect(todayIn("Europe/London", lateEveningInLondon)).toBe("2026-11-26");
  expect(todayIn("Asia/Dhaka", lateEveningInLondon)).toBe("2026-11-27");
  expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
  expect(daysBetween("2027-03-27", "2027-03-29")).toBe(2);
});

test("deadlines in words", () => {
  const next = { date: "2027-01-15", intakeMonth: 9, intakeYear: 2027, daysLeft: 50 };
  expect(deadlineText(next)).toBe("apply by 15 January 2027 for the September 2027 intake");
  expect([0, 1, 7].map(daysLeftText)).toEqual(["last day today", "1 day left", "7 days left"]);
});
