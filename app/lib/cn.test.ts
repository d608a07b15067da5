import { expect, test } from "vitest";
import { cn } from "./cn";

test("a later Tailwind class of the same kind replaces the earlier one, our brand colours included", () => {
  expect(cn("bg-brand-700 px-5 py-3", "bg-slate-700 py-2")).toBe("px-5 bg-slate-700 py-2");
  expect(cn("hover:bg-brand-800", "hover:bg-slate-800")).toBe("hover:bg-slate-800");
});

test("falsy values and objects are handled as clsx does", () => {
  expect(cn("a", false, null, undefined, { b: true, c: false }, ["d"])).toBe("a b d");
});
