import { beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "../../../tests/support/accounts";
import { auditEventsWhere } from "../../../tests/support/audit-log";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { onContentChanged } from "../../.server/content-changes";
import { getIeltsBatchSettings, getSiteSettings, getStaffEmail } from "../../.server/settings/site-settings";
import { getCountryCosts } from "../../.server/universities/first-year-cost";
import * as settingsRoute from "./settings";

withTestDatabase();

type Values = { contactEmail: string; contactPhone: string; city: string; social: { facebook: string } };
type Reply = { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };

const open = (actor: TestUser) =>
  callRoute<{ values: Values }>(settingsRoute, { path: "/dashboard/settings", headers: { Cookie: actor.cookie } });
const save = (actor: TestUser, form: Record<string, string>) =>
  callRoute<Reply>(settingsRoute, { path: "/dashboard/settings", form, headers: { Cookie: actor.cookie } });

const people = {} as Record<"student" | "consultant" | "manager" | "admin", TestUser>;
beforeAll(async () => {
  for (const role of ["student", "consultant", "manager", "admin"] as const) people[role] = await createUser({ role });
});

describe("who may see and change the site settings", () => {
  test.each(["student", "consultant"] as const)("a %s is refused with 403 on the page and the post, and nothing changes", async (role) => {
    expect((await open(people[role])).status).toBe(403);
    const posted = await save(people[role], { contactPhone: "+880 1999-000000", city: "Khulna" });
    expect(posted.status).toBe(403);
    const settings = await getSiteSettings();
    expect(settings.city).toBe("Dhaka");
    expect(settings.contactPhone).toBe("");
  });

  test("a visitor who is not signed in is sent to the login page", async () => {
    const answer = await callRoute(settingsRoute, { path: "/dashboard/settings" });
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/login/);
  });

  test("a manager sees every setting, unset ones empty, and no phone until one is set", async () => {
    const page = await open(people.manager);
    expect(page.status).toBe(200);
    expect(page.data.values.contactEmail).toBe("info@onward.com.bd");
    expect(page.data.values.contactPhone).toBe("");
    expect(page.data.values.social.facebook).toBe("");
  });
});

describe("saving", () => {
  test("a post changes only the keys it carries, records each change, and empties the page cache", async () => {
    let announced = 0;
    const stop = onContentChanged(() => {
      announced += 1;
    });
    const saved = await save(people.manager, { contactPhone: " +880 1811-223344 ", "social.facebook": "https://facebook.com/onward.bd" });
    stop();
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/dashboard/settings");
    const settings = await getSiteSettings();
    expect(settings.contactPhone).toBe("+880 1811-223344");
    expect(settings.social.facebook).toBe("https://facebook.com/onward.bd");
    expect(settings.city).toBe("Dhaka");
    expect(settings.contactEmail).toBe("info@onward.com.bd");
    expect(announced).toBe(1);
    const events = await auditEventsWhere({ action: "settings.changed", actorId: people.manager.id });
    expect(events.map((event) => event.detail)).toEqual([
      { key: "contactPhone", from: null, to: "+880 1811-223344" },
      { key: "social.facebook", from: null, to: "https://facebook.com/onward.bd" },
    ]);
  });

  test("an admin may save too; the same values again change nothing and record nothing", async () => {
    const form = { city: "Sylhet", staffEmail: "counsellors@onward.test", "ielts.weekend.fee": "8,000 BDT" };
    expect((await save(people.admin, form)).status).toBe(302);
    expect((await save(people.admin, form)).status).toBe(302);
    expect((await getSiteSettings()).city).toBe("Sylhet");
    expect(await getStaffEmail()).toBe("counsellors@onward.test");
    expect((await getIeltsBatchSettings()).weekend.fee).toBe("8,000 BDT");
    expect(await auditEventsWhere({ action: "settings.changed", actorId: people.admin.id })).toHaveLength(3);
  });

  test("a field sent empty clears an optional setting", async () => {
    await save(people.manager, { contactPhone: "+880 1700-000001" });
    expect((await save(people.manager, { contactPhone: "" })).status).toBe(302);
    expect((await getSiteSettings()).contactPhone).toBe("");
  });

  test("bad values answer 400 with a message beside each field, keep what was typed, and change nothing", async () => {
    const before = await getSiteSettings();
    const refused = await save(people.manager, {
      contactEmail: "not an address",
      contactPhone: "call us",
      bookingUrl: "http://calendly.com/onward",
      "social.youtube": "javascript:alert(1)",
      "ielts.regular.fee": "x".repeat(61),
    });
    expect(refused.status).toBe(400);
    const errors = refused.data.result.error ?? {};
    expect(errors.contactEmail).toEqual(["Enter a valid e-mail address"]);
    expect(errors.contactPhone?.[0]).toMatch(/^Enter a phone number/);
    expect(errors.bookingUrl).toEqual(["Enter a full address starting with https://"]);
    expect(errors["social.youtube"]).toEqual(["Enter a full address starting with https://"]);
    expect(errors["ielts.regular.fee"]).toEqual(["Use at most 60 characters"]);
    expect(refused.data.result.initialValue).toMatchObject({
      contactEmail: "not an address",
      bookingUrl: "http://calendly.com/onward",
      social: { youtube: "javascript:alert(1)" },
    });
    // A value longer than its field's limit is not sent back.
    expect(refused.data.result.initialValue).not.toHaveProperty("ielts.regular.fee");
    expect(await getSiteSettings()).toEqual(before);
  });

  test("the contact e-mail, city and country cannot be emptied", async () => {
    const refused = await save(people.manager, { contactEmail: "", city: "", contactPhone: "+880 1700-000002" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error?.contactEmail).toEqual(["Enter the contact e-mail address"]);
    expect(refused.data.result.error?.city).toEqual(["Enter the city"]);
    const settings = await getSiteSettings();
    expect(settings.contactEmail).not.toBe("");
    expect(settings.contactPhone).not.toBe("+880 1700-000002");
  });
});

describe("exchange rates", () => {
  test("a manager sets taka per unit for the finder; a rate that is not a positive number is refused beside its field", async () => {
    const { getTakaRates } = await import("../../.server/universities/rates");
    expect((await getTakaRates()).USD).toBe(122);
    expect((await save(people.manager, { "rates.USD": "130.5", "rates.KRW": "0.09" })).status).toBe(302);
    expect(await getTakaRates()).toMatchObject({ USD: 130.5, KRW: 0.09, GBP: 160 });

    const refused = await save(people.manager, { "rates.USD": "abc", "rates.GBP": "-3" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error?.["rates.USD"]?.[0]).toMatch(/taka per unit/);
    expect(refused.data.result.error?.["rates.GBP"]?.[0]).toMatch(/taka per unit/);
    expect((await getTakaRates()).USD).toBe(130.5);

    expect((await save(people.manager, { "rates.USD": "" })).status).toBe(302);
    expect((await getTakaRates()).USD).toBe(122);
  });
});

describe("first-year costs", () => {
  test("a manager sets a country's living costs and flight with their years; the cost table uses them over the official figures", async () => {
    const before = (await getCountryCosts()).get("United States");
    expect(before?.living).toBeNull();
    const saved = await save(people.manager, {
      "costs.united-states.living": "18000",
      "costs.united-states.livingYear": "2025",
      "costs.united-states.flight": "145000",
      "costs.united-states.flightYear": "2026",
    });
    expect(saved.status).toBe(302);
    const after = (await getCountryCosts()).get("United States");
    expect(after?.living).toMatchObject({ amount: 18_000, currency: "USD", year: 2025 });
    expect(after?.flight).toMatchObject({ amount: 145_000, currency: "BDT", year: 2026 });
    // The official visa fee is untouched.
    expect(after?.visa).toEqual(before?.visa);
  });

  test("amounts and years that are not whole numbers, or years out of range, are refused beside their fields", async () => {
    const refused = await save(people.manager, { "costs.germany.living": "11,904.50", "costs.germany.livingYear": "25" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error?.["costs.germany.living"]).toEqual(["Enter a whole amount, for example 13632"]);
    expect(refused.data.result.error?.["costs.germany.livingYear"]).toEqual(["Enter a year such as 2025"]);
    expect((await getCountryCosts()).get("Germany")?.living?.amount).toBe(11_904);
  });
});
