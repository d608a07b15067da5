import { describe, expect, test } from "vitest";
import { safeRedirect } from "./schemas";

describe("safeRedirect", () => {
  test.each([
    ["/%09/evil.example", "an encoded tab (a browser drops it and lands on evil.example)"],
    ["/\t/evil.example", "a real tab"],
    ["/\n/evil.example", "a line feed"],
    ["/%0d%0aSet-Cookie:x", "an encoded CR LF (header injection)"],
    ["/\r\nSet-Cookie:x", "a real CR LF"],
    ["/%0D%0ASet-Cookie:x", "an encoded CR LF in capitals"],
    ["/ok\u2028/x", "a line separator"],
    ["/\u200b/evil.example", "a zero-width space"],
    ["/%20/evil.example", "an encoded space"],
    ["/%7f", "an encoded DEL"],
    ["//evil.example", "a protocol-relative URL"],
    ["/\\evil.example", "a backslash that browsers read as a slash"],
    ["\\\\evil.example", "two backslashes"],
    ["https://evil.example", "another origin"],
    ["https://evil.example/", "another origin with a path"],
    ["http://localhost.evil.example/", "a look-alike host"],
    ["javascript:alert(1)", "a javascript: URL"],
    ["JavaScript:alert(1)", "a javascript: URL in mixed case"],
    ["data:text/html,<script>alert(1)</script>", "a data: URL"],
    [" /dashboard", "leading whitespace"],
    ["", "an empty value"],
    [`/${"a".repeat(3000)}`, "an overlong value"],
  ])("refuses %j (%s)", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });

  test.each([
    ["/ok?x=1#y", "/ok?x=1#y"],
    ["/dashboard/messages?page=2", "/dashboard/messages?page=2"],
    ["/", "/"],
    ["/countries/usa", "/countries/usa"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("keeps %j as %j", (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  test("characters outside Latin-1 come back percent-encoded, fit for a Location header", () => {
    const result = safeRedirect("/ü?q=ধ#ক");
    expect(result).toBe("/%C3%BC?q=%E0%A6%A7#%E0%A6%95");
    expect(() => new Headers({ Location: result })).not.toThrow();
  });

  test("an absolute URL on our own origin becomes its path", () => {
    expect(safeRedirect("http://localhost:3000/dashboard?x=1")).toBe("/dashboard?x=1");
  });

  test("a missing value or a file gives the fallback", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/dashboard")).toBe("/dashboard");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/");
  });
});
