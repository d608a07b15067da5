import { data } from "react-router";
import type { z } from "zod";

/** Fields never sent back to the page, even when the form failed. */
const secretFields = new Set(["password", "confirmPassword", "currentPassword", "newPassword", "code"]);

export type FormValues = Record<string, string>;
export type FormErrors = Record<string, string>;

/**
 * Validates a submitted form against its schema. On failure: the first message per
 * field, and what was typed (minus passwords) so the page can show it again.
 */
export function parseForm<S extends z.ZodType>(formData: FormData | URLSearchParams, schema: S) {
  const raw: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && !(key in raw)) raw[key] = value;
  const values: FormValues = Object.fromEntries(Object.entries(raw).filter(([key]) => !secretFields.has(key)));
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true as const, data: result.data as z.output<S>, values };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false as const, errors, values };
}

/** The 400 response a form gets when its fields are invalid. */
export function invalidForm(errors: FormErrors, values: FormValues, formError?: string) {
  return data({ errors, values, formError: formError ?? null }, { status: 400 });
}
