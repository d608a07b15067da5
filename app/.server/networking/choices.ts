import { listEntries } from "~/lib/schemas/settings";
import { readSettingValues } from "../settings/site-settings";
import { defaultJobCategories, defaultMemberLocations, type MemberChoices } from "./schema";

/** The lists a member's location and job category come from: the defaults, then what staff added in the site settings. */
export async function getMemberChoices(): Promise<MemberChoices> {
  const values = await readSettingValues();
  const extend = (defaults: readonly string[], extra: string | undefined) => [
    ...defaults,
    ...listEntries(extra).filter((entry, index, all) => !defaults.includes(entry) && all.indexOf(entry) === index),
  ];
  return {
    locations: extend(defaultMemberLocations, values["networking.locations"]),
    categories: extend(defaultJobCategories, values["networking.categories"]),
  };
}
