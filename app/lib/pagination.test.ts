import { describe, expect, test } from "vitest";
import { MAX_PAGE, pageHref, pageWindow, parsePage } from "./pagination";

describe("parsePage", () => {
  test.each([
    [null, 1],
    [undefined, 1],
    ["", 1],
    ["  ", 1],
    ["abc", 1],
    ["2abc", 1],
    ["0", 1],
    ["-1", 1],
    ["-1e21", 1],
    ["NaN", 1],
    ["1.5", 1],
    ["2.9", 2],
    ["1", 1],
    [" 7 ", 7],
    ["42", 42],
    ["1e3", 1000],
    ["1e21", MAX_PAGE],
    ["99999999999999999999", MAX_PAGE],
    ["Infinity", MAX_PAGE],
    [String(MAX_PAGE + 1), MAX_PAGE],
  ])("%j is page %d", (value, page) => {
    expect(parsePage(value)).toBe(page);
  });

  test("every result is a safe positive integer", () => {
    for (const value of ["1e308", "9".repeat(400), "0x7fffffff", "-0", "1e-7"]) {
      const page = parsePage(value);
      expect(Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE, value).toBe(true);
    }
  });
});

describe("pageWindow", () => {
  test("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
  test("shows the ends and the neighbours, with gaps, and no gap of one page", () => {
    expect(pageWindow(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 19, 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
  });
});

describe("pageHref", () => {
  test("keeps the other parameters and drops page for page 1", () => {
    expect(pageHref("/dashboard/user-management", "?q=rahim&page=3", 4)).toBe("/dashboard/user-management?q=rahim&page=4");
    expect(pageHref("/dashboard/user-management", "?q=rahim&page=3", 1)).toBe("/dashboard/user-management?q=rahim");
    expect(pageHref("/dashboard/messages", "", 1)).toBe("/dashboard/messages");
    expect(pageHref("/dashboard/messages", "?q=a%26b", 2)).toBe("/dashboard/messages?q=a%26b&page=2");
  });
});
