import { type MemberFields, MemberFormSchema, type MemberInput } from "~/lib/schemas/networking";
import { AppError, CORRECT_THE_MARKED_FIELDS } from "../errors";

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

const memberFields = Object.keys(MemberFormSchema.shape);

/**
 * Checks an add or edit form against the schema and the current lists. Throws
 * AppError("INVALID") carrying each field's problem.
 */
export function parseMember(input: MemberInput, choices: MemberChoices): MemberFields {
  const parsed = MemberFormSchema.safeParse(input);
  if (!parsed.success) throw AppError.fromZod(parsed.error, { fields: memberFields });
  const fieldErrors: Partial<Record<keyof MemberFields, string>> = {};
  if (!choices.locations.includes(parsed.data.location)) fieldErrors.location = "Choose a location from the list";
  if (!choices.categories.includes(parsed.data.category)) fieldErrors.category = "Choose a job category from the list";
  if (Object.keys(fieldErrors).length === 0) return parsed.data;
  throw new AppError("INVALID", CORRECT_THE_MARKED_FIELDS, { fieldErrors });
}
