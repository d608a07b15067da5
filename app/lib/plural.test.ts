import { describe, expect, test } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  test.each([
    [0, "0 universities"],
    [1, "1 university"],
    [2, "2 universities"],
    [1000, "1,000 universities"],
    [1234567, "1,234,567 universities"],
  ])("%d is %j", (count, expected) => {
    expect(plural(count, "university", "universities")).toBe(expected);
  });

  test("the two forms are the caller's: irregular nouns and phrases", () => {
    expect(plural(1, "person", "people")).toBe("1 person");
    expect(plural(3, "person", "people")).toBe("3 people");
    expect(plural(1, "upcoming slot", "upcoming slots")).toBe("1 upcoming slot");
    expect(plural(-1, "hour", "hours")).toBe("-1 hour");
  });
});
