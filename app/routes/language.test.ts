import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { getConfig } from "~/.server/config";
import { db } from "~/.server/db";
import { users } from "~/.server/db/schema";
import { requestStorage } from "~/.server/request-context";
import { createUser } from "../../tests/support/accounts";
import { callRoute } from "../../tests/support/call-route";
import { withTestDatabase } from "../../tests/support/database-per-file";
import * as language from "./language";

withTestDatabase();

const switchTo = (query: Record<string, string>, cookie?: string) =>
  callRoute(language, { path: `/language?${new URLSearchParams(query)}`, headers: cookie ? { Cookie: cookie } : {} });
const localeOf = async (id: string) => (await db().select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

test("the switch remembers the language in the lang cookie and opens the same page in it", async () => {
  const { appUrl } = getConfig();
  const bangla = await switchTo({ to: "bn", next: "/countries/usa?x=1#costs" });
  expect(bangla.status).toBe(303);
  expect(bangla.location).toBe(`${appUrl}/bn/countries/usa?x=1#costs`);
  expect(bangla.headers.get("set-cookie")).toMatch(/^lang=bn; Path=\/; Max-Age=31536000; SameSite=Lax/);
  expect(bangla.headers.get("set-cookie")).not.toContain("onward.");

  const english = await switchTo({ to: "en", next: "/bn/about" });
  expect(english.location).toBe(`${appUrl}/about`);
  expect(english.headers.get("set-cookie")).toMatch(/^lang=en;/);
  expect((await switchTo({ to: "bn", next: "/" })).location).toBe(`${appUrl}/bn`);
});

test("the switch goes nowhere but this site, and an unknown language sets nothing", async () => {
  const { appUrl } = getConfig();
  for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", ""]) {
    const answer = await switchTo({ to: "bn", next });
    expect(answer.location, next).toBe(`${appUrl}/bn`);
  }
  const split = await switchTo({ to: "bn", next: "/about\r\nSet-Cookie: a=b" });
  expect(split.location).not.toMatch(/[\r\n]/);
  expect(split.headers.get("set-cookie")).toMatch(/^lang=bn;/);
  const unknown = await switchTo({ to: "fr", next: "/about" });
  expect(unknown.location).toBe(`${appUrl}/about`);
  expect(unknown.headers.get("set-cookie")).toBeNull();
});

test("signed in, the choice is saved on the account (the language of their e-mails); nobody else's changes", async () => {
  const student = await createUser({ verified: true });
  const other = await createUser({ verified: true });
  expect(await localeOf(student.id)).toBe("en");
  await switchTo({ to: "bn", next: "/dashboard" }, student.cookie);
  expect(await localeOf(student.id)).toBe("bn");
  expect(await localeOf(other.id)).toBe("en");
  await switchTo({ to: "en", next: "/dashboard" }, student.cookie);
  expect(await localeOf(student.id)).toBe("en");
  // Signed out: only the cookie.
  await switchTo({ to: "bn", next: "/" });
  expect(await localeOf(other.id)).toBe("en");
});

test("an account made on a Bangla page gets Bangla as its language; one made on an English page, English", async () => {
  const bangla = await requestStorage.run({ requestId: "t", nonce: "n", clientIp: "203.0.113.9", locale: "bn" }, () => createUser());
  const english = await requestStorage.run({ requestId: "t", nonce: "n", clientIp: "203.0.113.9", locale: "en" }, () => createUser());
  expect(await localeOf(bangla.id)).toBe("bn");
  expect(await localeOf(english.id)).toBe("en");
});
