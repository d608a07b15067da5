import { expect, test } from "vitest";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { onContentChanged } from "../content-changes";
import { getIeltsBatchSettings, getSiteSettings, getStaffEmail, setSiteSetting } from "./site-settings";

withTestDatabase();

test("staff notifications go to the contact e-mail until a staff address is set", async () => {
  expect(await getStaffEmail()).toBe((await getSiteSettings()).contactEmail);
  await setSiteSetting("contactEmail", "hello@onward.test");
  expect(await getStaffEmail()).toBe("hello@onward.test");
  await setSiteSetting("staffEmail", "counsellors@onward.test");
  expect(await getStaffEmail()).toBe("counsellors@onward.test");
  // The staff address is not one of the details sent to every browser.
  expect(JSON.stringify(await getSiteSettings())).not.toContain("counsellors@onward.test");
});

test("IELTS batch schedule and fee are unset until staff set them, batch by batch", async () => {
  expect(await getIeltsBatchSettings()).toEqual({
    weekend: { schedule: undefined, fee: undefined },
    regular: { schedule: undefined, fee: undefined },
  });
  await setSiteSetting("ielts.weekend.schedule", "Fridays and Saturdays, 10:00–12:00");
  await setSiteSetting("ielts.weekend.fee", "8,000 BDT");
  expect(await getIeltsBatchSettings()).toEqual({
    weekend: { schedule: "Fridays and Saturdays, 10:00–12:00", fee: "8,000 BDT" },
    regular: { schedule: undefined, fee: undefined },
  });
});

test("changing a setting announces a content change (the page cache empties itself on it)", async () => {
  let changes = 0;
  const stop = onContentChanged(() => {
    changes++;
  });
  await setSiteSetting("city", "Sylhet");
  stop();
  await setSiteSetting("city", "Dhaka");
  expect(changes).toBe(1);
});
