import { expect, test } from "vitest";
import { formatSlot, zoneAbbreviation } from "./time-zones";

const minutes = (start: string, length: number) => {
  const from = new Date(start);
  return [from, new Date(from.getTime() + length * 60_000)] as const;
};

test("in a zone that changes its clocks each time says which clock it is on, across the change too", () => {
  // 25 Oct 2026 in London: 01:00–02:00 happens twice, first in summer time, then in GMT.
  const now = new Date("2026-10-01T00:00:00Z");
  expect(formatSlot(...minutes("2026-10-25T00:15:00Z", 30), "Europe/London", now)).toBe("Sun 25 Oct, 01:15 – 01:45 BST (Europe/London)");
  expect(formatSlot(...minutes("2026-10-25T01:15:00Z", 30), "Europe/London", now)).toBe("Sun 25 Oct, 01:15 – 01:45 GMT (Europe/London)");
  expect(formatSlot(...minutes("2026-10-25T00:45:00Z", 30), "Europe/London", now)).toBe(
    "Sun 25 Oct, 01:45 BST – 01:15 GMT (Europe/London)",
  );
  expect(formatSlot(...minutes("2026-07-01T14:00:00Z", 30), "America/Toronto", now)).toBe("Wed 1 Jul, 10:00 – 10:30 EDT (America/Toronto)");
});

test("a zone that keeps one clock all year is named alone", () => {
  const now = new Date("2026-10-01T00:00:00Z");
  expect(formatSlot(...minutes("2026-10-25T04:00:00Z", 30), "Asia/Dhaka", now)).toBe("Sun 25 Oct, 10:00 – 10:30 (Asia/Dhaka)");
});

test("a zone's abbreviation where English has one, otherwise its offset", () => {
  const july = new Date("2026-07-01T12:00:00Z");
  expect(zoneAbbreviation(july, "Europe/Berlin")).toBe("CEST");
  expect(zoneAbbreviation(july, "Australia/Sydney")).toBe("AEST");
  expect(zoneAbbreviation(july, "Asia/Kolkata")).toBe("IST");
  expect(zoneAbbreviation(july, "Asia/Dhaka")).toBe("GMT+6");
});

test("in Bangla a slot has Bangla digits and names, and the zone as IANA spells it; English stays the default's", () => {
  const now = new Date("2026-10-01T00:00:00Z");
  const slot = minutes("2026-10-25T04:00:00Z", 30);
  expect(formatSlot(...slot, "Asia/Dhaka", now, "bn")).toBe("রবি ২৫ অক্টো, ১০:০০ – ১০:৩০ (Asia/Dhaka)");
  expect(formatSlot(...slot, "Asia/Dhaka", now, "en")).toBe("Sun 25 Oct, 10:00 – 10:30 (Asia/Dhaka)");
  expect(formatSlot(...minutes("2026-07-01T14:00:00Z", 30), "America/Toronto", now, "bn")).toBe(
    "বুধ ১ জুল, ১০:০০ – ১০:৩০ EDT (America/Toronto)",
  );
});
