import type { z } from "zod";
import { AppError, replyWithError } from "~/.server/errors";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { m } from "~/paraglide/messages";

/** One of an application page's forms, by its `intent`: the schema, what it does, and the toast and anchor after it. */
export type IntentForm<S extends z.ZodType = z.ZodType> = {
  schema: S;
  run: (value: z.output<S>) => Promise<unknown>;
  toast: (value: z.output<S>) => string;
  /** Where on the page to land afterwards ("messages"), and so what takes the focus the pressed button had (app/root.tsx). */
  anchor?: string | ((value: z.output<S>) => string);
};

export function intentForm<S extends z.ZodType>(form: IntentForm<S>): IntentForm {
  return form as unknown as IntentForm;
}

/**
 * Runs the form an application page's post names by its `intent`, through the one form path: a
 * refusal of its fields answers 400 with the form's problems, a refusal by the rules (AppError:
 * 404, 409, 429 …) answers with its status and message, and success redirects back with the
 * toast. `form` in the answer tells the page which of its forms it belongs to (a document's
 * review form adds its field: `review-document:bankStatement`).
 */
export async function runIntentForm(formData: FormData, forms: Record<string, IntentForm>, back: string) {
  const intent = String(formData.get("intent") ?? "");
  const form = Object.hasOwn(forms, intent) ? forms[intent] : undefined;
  if (!form) return replyWithError(new AppError("INVALID", m.staff_no_such_action()));
  const field = formData.get("field");
  const extra = { form: typeof field === "string" && field ? `${intent}:${field.slice(0, 60)}` : intent };
  const submission = parseSubmission(formData, form.schema);
  if (submission.status !== "success") return invalidSubmission(submission, form.schema, extra);
  try {
    await form.run(submission.value);
  } catch (error) {
    return refusedSubmission(submission, form.schema, error, { extra });
  }
  const anchor = typeof form.anchor === "function" ? form.anchor(submission.value) : form.anchor;
  return redirectWithToast(
    `${back}${anchor ? `#${anchor}` : ""}`,
    { type: "success", text: form.toast(submission.value) },
    { status: 303 },
  );
}
