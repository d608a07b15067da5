import { type MemberFields, MemberFormSchema, type MemberInput } from "~/lib/schemas/networking";
import { m } from "~/paraglide/messages";
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

const memberFields = Object.keys(MemberFormSchema.shape);

/**
 * Checks an add or edit form against the schema and the current lists. Throws
 * AppError("INVALID") carrying each field's problem.
 */
export function parseMember(input: MemberInput, choices: MemberChoices): MemberFields {
  const parsed = MemberFormSchema.safeParse(input);
  if (!parsed.success) throw AppError.fromZod(parsed.error, { fields: memberFields });
  const fieldErrors: Partial<Record<keyof MemberFields, string>> = {};
  if (!choices.locations.includes(parsed.data.location)) fieldErrors.location = m.server_choose_location();
  if (!choices.categories.includes(parsed.data.category)) fieldErrors.category = m.server_choose_job_category();
  if (Object.keys(fieldErrors).length === 0) return parsed.data;
  throw new AppError("INVALID", m.forms_correct_marked_fields(), { fieldErrors });
}
