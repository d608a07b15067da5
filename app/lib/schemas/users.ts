import { z } from "zod";
import { m } from "~/paraglide/messages";
import { roles } from "../roles";

/** The role picker in user management and the confirmation page it leads to. */
export const ChangeRoleSchema = z.object({ role: z.enum(roles, { error: () => m.staff_choose_role() }) });

export const USER_SEARCH_MAX_LENGTH = 100;

/** User management's search: a name or e-mail fragment; longer input is cut, not refused. */
export const UserSearchSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim().slice(0, USER_SEARCH_MAX_LENGTH)),
});
