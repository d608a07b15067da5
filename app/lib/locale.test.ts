import { expect, test } from "vitest";
import { formatYear, localeFromCookie, localeOfPath, localizedPath, preferredLocale, unlocalizedPath } from "./locale";

test("an address's language is Bangla under /bn only", () => {
  expect(localeOfPath("/bn")).toBe("bn");
  expect(localeOfPath("/bn/")).toBe("bn");
  expect(localeOfPath("/bn/countries/usa")).toBe("bn");
  expect(localeOfPath("/bn.data")).toBe("bn");
  expect(localeOfPath("/")).toBe("en");
  expect(localeOfPath("/bnx")).toBe("en");
  expect(localeOfPath("/about/bn")).toBe("en");
  expect(localeOfPath("/en/about")).toBe("en");
});

test("a path is put in a language and taken out of it, query and fragment kept", () => {
  expect(localizedPath("/", "bn")).toBe("/bn");
  expect(localizedPath("/about", "bn")).toBe("/bn/about");
  expect(localizedPath("/#services", "bn")).toBe("/bn#services");
  expect(localizedPath("/?q=x", "bn")).toBe("/bn?q=x");
  expect(localizedPath("/find-university?country=UK", "bn")).toBe("/bn/find-university?country=UK");
  expect(localizedPath("/about", "en")).toBe("/about");
  // Not a path on this site: left alone.
  expect(localizedPath("//evil.example/x", "bn")).toBe("//evil.example/x");
  expect(localizedPath("https://example.com/", "bn")).toBe("https://example.com/");
  for (const path of ["/", "/about", "/#services", "/?q=x", "/find-university?country=UK&page=2"]) {
    expect(unlocalizedPath(localizedPath(path, "bn"))).toBe(path);
  }
  expect(unlocalizedPath("/bn/")).toBe("/");
  expect(unlocalizedPath("/bnx/about")).toBe("/bnx/about");
});

test("Accept-Language picks the language with the higher weight, and anything unreadable names none", () => {
  expect(preferredLocale("bn-BD,bn;q=0.9")).toBe("bn");
  expect(preferredLocale("bn-BD,bn;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("bn");
  expect(preferredLocale("en-GB,en;q=0.9,bn;q=0.8")).toBe("en");
  expect(preferredLocale("fr, bn;q=0.5")).toBe("bn");
  expect(preferredLocale("en;q=0.4, BN;q=0.6")).toBe("bn");
  expect(preferredLocale("fr-FR, de")).toBeUndefined();
  expect(preferredLocale("bn;q=0")).toBeUndefined();
  expect(preferredLocale("bn;q=2")).toBeUndefined();
  expect(preferredLocale("bn;q=abc")).toBeUndefined();
  expect(preferredLocale(";;;,,,")).toBeUndefined();
  expect(preferredLocale("")).toBeUndefined();
  expect(preferredLocale(undefined)).toBeUndefined();
  expect(preferredLocale(`bn,${"x".repeat(1_000)}`)).toBeUndefined();
});

test("the language cookie counts only when it holds one of our languages", () => {
  expect(localeFromCookie("lang=bn")).toBe("bn");
  expect(localeFromCookie("a=1; lang=en; b=2")).toBe("en");
  expect(localeFromCookie("lang=fr")).toBeUndefined();
  expect(localeFromCookie("xlang=bn")).toBeUndefined();
  expect(localeFromCookie("lang")).toBeUndefined();
  expect(localeFromCookie(undefined)).toBeUndefined();
});

test("a year is written in the language's digits, without grouping", () => {
  expect(formatYear(2026, "en")).toBe("2026");
  expect(formatYear(2026, "bn")).toBe("২০২৬");
});
