import { expect, test } from "vitest";
import { createUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { db } from "../db";
import { prepareDatabase } from "../prepare-database";
import { getSiteSettings, loadSettingValues, readRatesChangedAt, setSiteSetting } from "./site-settings";
import { updateSiteSettings } from "./update-site-settings";

const database = withTestDatabase();

test("settings come from code until a row overrides them", async () => {
  const before = await getSiteSettings();
  expect(before.city).toBe("Dhaka");
  expect(before.social.facebook).toBeUndefined();

  await setSiteSetting("contactEmail", "hello@onward.test");
  await setSiteSetting("social.facebook", "https://facebook.com/onward");
  await setSiteSetting("contactEmail", "office@onward.test");

  const after = await getSiteSettings();
  expect(after.contactEmail).toBe("office@onward.test");
  expect(after.social.facebook).toBe("https://facebook.com/onward");
  expect(after.city).toBe("Dhaka");
});

test("migrating an up-to-date database again changes nothing", async () => {
  await setSiteSetting("city", "Chattogram");
  await prepareDatabase(database.handle());
  await prepareDatabase(database.handle());
  expect((await getSiteSettings()).city).toBe("Chattogram");
});

test("the rates' date is the newest change to any rate; none set: the default rates", async () => {
  expect(await readRatesChangedAt()).toBeNull();
  await setSiteSetting("contactPhone", "+880 1700-000000");
  expect(await readRatesChangedAt()).toBeNull();
  const before = Date.now();
  await setSiteSetting("rates.GBP", "158");
  const changed = await readRatesChangedAt();
  expect(changed?.getTime()).toBeGreaterThanOrEqual(before - 1000);
});

test("a value that reads as a number or a boolean comes back as the text saved, so saving it again changes nothing", async () => {
  const actor = await createUser({ role: "manager" });
  expect(await updateSiteSettings({ actor, changes: { "rates.USD": "121.5", "booking.cancelCutoffHours": "24" } })).toEqual([
    "rates.USD",
    "booking.cancelCutoffHours",
  ]);
  const values = await loadSettingValues(db());
  expect([values["rates.USD"], values["booking.cancelCutoffHours"]]).toEqual(["121.5", "24"]);
  expect(await updateSiteSettings({ actor, changes: { "rates.USD": "121.5", "booking.cancelCutoffHours": "24" } })).toEqual([]);
});
