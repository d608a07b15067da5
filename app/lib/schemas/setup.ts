import { z } from "zod";
import { m } from "~/paraglide/messages";
import { signUpSchema } from "./auth";
import { requiredMessage, SiteSettingsSchema } from "./settings";

/**
 * A setting the set-up form must have: its message when left empty (a string, or a message read
 * when the value is judged), then the setting's own rules.
 */
function required(setting: z.ZodType<string | undefined, string | undefined>, message: string | (() => string)) {
  const missing = { error: () => (typeof message === "string" ? message : message()) };
  // Checked, not piped: Conform takes a pipe into an optional schema for an optional field.
  return z
    .string(missing)
    .trim()
    .min(1, missing)
    .superRefine((value, context) => {
      for (const issue of setting.safeParse(value).error?.issues ?? []) context.addIssue({ code: "custom", message: issue.message });
    });
}

/**
 * First-run set-up (/setup): the first admin's account (sign-up's fields and password rules;
 * the server adds the common-password check) and the site settings under their own field names
 * (`contactEmail`, `contactPhone`, `social.facebook`, `rates.USD`…), of which the contact e-mail,
 * city and country are required. Repeating the password is optional (a script may leave it out);
 * when given, it must match.
 */
export const SetupSchema = SiteSettingsSchema.extend({
  name: signUpSchema.shape.name,
  email: signUpSchema.shape.email,
  password: signUpSchema.shape.password,
  confirmPassword: z.string().optional(),
  contactEmail: required(SiteSettingsSchema.shape.contactEmail, () => requiredMessage("contactEmail")),
  city: required(SiteSettingsSchema.shape.city, () => requiredMessage("city")),
  country: required(SiteSettingsSchema.shape.country, () => requiredMessage("country")),
}).refine((form) => form.confirmPassword === undefined || form.confirmPassword === form.password, {
  path: ["confirmPassword"],
  error: () => m.community_setup_password_mismatch(),
});
