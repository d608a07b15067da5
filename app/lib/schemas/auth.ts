import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_LONG } from "../form-limits";

/**
 * The sign-in, sign-up and account forms: one schema each, checked in the browser before
 * sending and by the action. Rules that need server-only data (the common-password list)
 * are added on the server (app/.server/auth/schemas.ts), so no browser bundle carries them.
 * An empty field arrives as undefined (Conform), hence the `error` on each string.
 */

export const emailField = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .min(1, "Enter your e-mail address")
  .max(254, "That e-mail address is too long")
  .pipe(z.email("Enter a valid e-mail address"))
  .transform((email) => email.toLowerCase());

/** NIST-style rules: length only, no composition rules (the server adds the common-password check). */
export const newPasswordField = z
  .string({ error: "Enter a password" })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

const repeatField = (message: string) => z.string({ error: message }).min(1, message);

export const signUpSchema = z
  .object({
    name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(100, "Use at most 100 characters"),
    email: emailField,
    password: newPasswordField,
    confirmPassword: repeatField("Repeat your password"),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: "Password did not match" });

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});

export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is not valid" }).min(1),
    password: newPasswordField,
    confirmPassword: repeatField("Repeat your password"),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: "Password did not match" });

export const changePasswordSchema = z
  .object({
    currentPassword: repeatField("Enter your current password").max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
    newPassword: newPasswordField,
    confirmPassword: repeatField("Repeat the new password"),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ["confirmPassword"], message: "Password did not match" });

export const totpCodeSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from your app" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your app"),
});

/** The password that confirms turning two-factor sign-in on or off. */
export const passwordOnlySchema = z.object({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});
