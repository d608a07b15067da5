import { z } from "zod";
import { m } from "~/paraglide/messages";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../form-limits";
import { groupThousands } from "../numbers";

/**
 * The sign-in, sign-up and account forms: one schema each, checked in the browser before
 * sending and by the action. Rules that need server-only data (the common-password list)
 * are added on the server (app/.server/auth/schemas.ts), so no browser bundle carries them.
 * An empty field arrives as undefined (Conform), hence the `error` on each string. Messages are
 * functions, called when a value is judged, so each answer is in the page's language.
 */

const atMost = (max: number) => ({ error: () => m.auth_at_most_characters({ max: groupThousands(max) }) });

export const emailField = z
  .string({ error: () => m.auth_email_required() })
  .trim()
  .min(1, { error: () => m.auth_email_required() })
  .max(254, { error: () => m.auth_email_too_long() })
  .pipe(z.email({ error: () => m.auth_email_invalid() }))
  .transform((email) => email.toLowerCase());

/** NIST-style rules: length only, no composition rules (the server adds the common-password check). */
export const newPasswordField = z
  .string({ error: () => m.auth_password_new_required() })
  .min(PASSWORD_MIN_LENGTH, { error: () => m.auth_at_least_characters({ min: groupThousands(PASSWORD_MIN_LENGTH) }) })
  .max(PASSWORD_MAX_LENGTH, atMost(PASSWORD_MAX_LENGTH));

const repeatField = (message: () => string) => z.string({ error: message }).min(1, { error: message });

const passwordsMatch = { error: () => m.auth_password_mismatch() };

export const signUpSchema = z
  .object({
    name: z
      .string({ error: () => m.auth_name_required() })
      .trim()
      .min(1, { error: () => m.auth_name_required() })
      .max(100, atMost(100)),
    email: emailField,
    password: newPasswordField,
    confirmPassword: repeatField(() => m.auth_repeat_password()),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], ...passwordsMatch });

export const signInSchema = z.object({
  email: emailField,
  password: z
    .string({ error: () => m.auth_password_required() })
    .min(1, { error: () => m.auth_password_required() })
    .max(PASSWORD_MAX_LENGTH, atMost(PASSWORD_MAX_LENGTH)),
});

export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: () => m.auth_reset_token_invalid() }).min(1),
    password: newPasswordField,
    confirmPassword: repeatField(() => m.auth_repeat_password()),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], ...passwordsMatch });

export const changePasswordSchema = z
  .object({
    currentPassword: repeatField(() => m.auth_current_password_required()).max(PASSWORD_MAX_LENGTH, atMost(PASSWORD_MAX_LENGTH)),
    newPassword: newPasswordField,
    confirmPassword: repeatField(() => m.auth_repeat_new_password()),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ["confirmPassword"], ...passwordsMatch });

export const totpCodeSchema = z.object({
  code: z
    .string({ error: () => m.auth_code_required() })
    .trim()
    .regex(/^\d{6}$/, { error: () => m.auth_code_required() }),
});

/** The password that confirms turning two-factor sign-in on or off. */
export const passwordOnlySchema = z.object({
  password: z
    .string({ error: () => m.auth_password_required() })
    .min(1, { error: () => m.auth_password_required() })
    .max(PASSWORD_MAX_LENGTH, atMost(PASSWORD_MAX_LENGTH)),
});
