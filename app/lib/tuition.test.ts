import { expect, test } from "vitest";
import { formatBdt, formatLakh } from "./first-year-cost";
import { academicYear, formatMoney, formatTaka } from "./tuition";

test("an academic year is written as universities write it", () => {
  expect(academicYear(2025)).toBe("2025/26");
  expect(academicYear(2099)).toBe("2099/00");
  expect(academicYear(2009)).toBe("2009/10");
});

test("Bangla pages write amounts in Bangla digits, taka with ৳ and lakh grouping", () => {
  expect(academicYear(2025, "bn")).toBe("২০২৫/২৬");
  expect(formatMoney(42954, "USD", "bn")).toBe("USD ৪২,৯৫৪");
  expect(formatTaka(10000, 122, "bn")).toBe("≈ ৳১২,২০,০০০");
  expect(formatTaka(10000, 122, "en")).toBe("≈ BDT 1,220,000");
  expect(formatBdt(122000, "bn")).toBe("৳১,২২,০০০");
  expect(formatBdt(122000, "en")).toBe("BDT 1,22,000");
  expect([formatLakh(85_000, "bn"), formatLakh(640_000, "bn"), formatLakh(3_100_000, "bn"), formatLakh(12_000_000, "bn")]).toEqual([
    "৳৮৫,০০০",
    "৳৬.৪ লাখ",
    "৳৩১ লাখ",
    "৳১.২ কোটি",
  ]);
});
