import { expect, test } from "vitest";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { prepareDatabase } from "../prepare-database";
import { getSiteSettings, readRatesChangedAt, setSiteSetting } from "./site-settings";

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
