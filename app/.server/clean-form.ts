import { SECRET_FIELDS, withoutControlsButLineBreaks } from "~/lib/form-text";

/** Fields of a read form that lost control characters, for parseSubmission to refuse by name. */
const cleaned = new WeakMap<FormData, ReadonlySet<string>>();

/**
 * A form as it was posted, with the control characters no field keeps (all but tab, CR and LF;
 * app/lib/form-text.ts) removed from every field name and value except passwords, so that no
 * value read from it can reach the database with a NUL in it. The fields that lost characters are
 * remembered (`cleanedFields`), for parseSubmission to refuse each with its message.
 */
export function cleanForm(form: FormData): FormData {
  const names = new Set<string>();
  const clean = new FormData();
  for (const [name, value] of form.entries()) {
    const safeName = withoutControlsButLineBreaks(name);
    if (typeof value !== "string" || SECRET_FIELDS.includes(name)) {
      clean.append(safeName, value);
      continue;
    }
    const text = withoutControlsButLineBreaks(value);
    if (text !== value || safeName !== name) names.add(safeName);
    clean.append(safeName, text);
  }
  if (names.size === 0) return form;
  cleaned.set(clean, names);
  return clean;
}

/** The names of fields that lost characters when the form was read (none for a form read otherwise). */
export function cleanedFields(form: FormData): ReadonlySet<string> {
  return cleaned.get(form) ?? new Set();
}
