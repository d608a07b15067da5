import { z } from "zod";
import { isCommonPassword } from "./common-passwords";

export const emailField = z
  .string()
  .trim()
  .min(1, "Enter your e-mail address")
  .max(254, "That e-mail address is too long")
  .pipe(z.email("Enter a valid e-mail address"))
  .transform((email) => email.toLowerCase());

/** NIST-style rules: length and a list of common passwords, no composition rules. */
export const newPasswordField = z
  .string()
  .min(8, "Use at least 8 characters")
  .max(128, "Use at most 128 characters")
  .refine((password) => !isCommonPassword(password), "This password is too common; choose one that is harder to guess");

export const signUpSchema = z
  .object({
    name: z.string().trim().min(1, "Enter your name").max(100, "Use at most 100 characters"),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().min(1, "Repeat your password"),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: "Password did not match" });

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, "Enter your password").max(1024, "That password is too long"),
});

export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ token: z.string().min(1), password: newPasswordField, confirmPassword: z.string().min(1, "Repeat your password") })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: "Password did not match" });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password"),
    newPassword: newPasswordField,
    confirmPassword: z.string().min(1, "Repeat the new password"),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ["confirmPassword"], message: "Password did not match" });

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your app"),
});

/** Only paths on this site, never another origin or a protocol-relative URL. */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
