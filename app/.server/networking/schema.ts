import { type MemberFields, MemberFormSchema, type MemberInput } from "~/lib/schemas/networking";
import { AppError } from "../errors";

export {
  defaultJobCategories,
  defaultMemberLocations,
  type MemberFields,
  type MemberInput,
  type MemberStatus,
  memberStatuses,
} from "~/lib/schemas/networking";

/** The choices a member's location and job category must come from. */
export type MemberChoices = { locations: readonly string[]; categories: readonly string[] };

/**
 * Checks an add or edit form against the schema and the current lists. Throws
 * AppError("INVALID") carrying each field's problem.
 */
export function parseMember(input: MemberInput, choices: MemberChoices): MemberFields {
  const parsed = MemberFormSchema.safeParse(input);
  const fieldErrors: Partial<Record<keyof MemberFields, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && field in MemberFormSchema.shape) fieldErrors[field as keyof MemberFields] ??= issue.message;
    }
  } else {
    if (!choices.locations.includes(parsed.data.location)) fieldErrors.location = "Choose a location from the list";
    if (!choices.categories.includes(parsed.data.category)) fieldErrors.category = "Choose a job category from the list";
  }
  if (parsed.success && Object.keys(fieldErrors).length === 0) return parsed.data;
  throw new AppError("INVALID", "Please correct the marked fields", { fieldErrors });
}
