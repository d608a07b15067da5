import { expect, test } from "vitest";
import { academicYear } from "./tuition";

test("an academic year is written as universities write it", () => {
  expect(academicYear(2025)).toBe("2025/26");
  expect(academicYear(2099)).toBe("2099/00");
  expect(academicYear(2009)).toBe("2009/10");
});
