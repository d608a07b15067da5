import { expect, test } from "vitest";
import { asciiDigits } from "./digits";

test("Bangla digits become ASCII digits and everything else stays as typed", () => {
  expect(asciiDigits("০১৭১১-২৩৪৫৬৭")).toBe("01711-234567");
  expect(asciiDigits("+৮৮০ ১৭১২ ৩৪৫৬৭৮")).toBe("+880 1712 345678");
  expect(asciiDigits("+880 1712-345678")).toBe("+880 1712-345678");
  expect(asciiDigits("নম্বর ০৯")).toBe("নম্বর 09");
});

test("other scripts' decimal digits become ASCII too", () => {
  expect(asciiDigits("०१२३४५६७८९")).toBe("0123456789");
  expect(asciiDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
  expect(asciiDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
  expect(asciiDigits("０１２３４５６７８９")).toBe("0123456789");
});
