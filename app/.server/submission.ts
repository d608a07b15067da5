import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import { SECRET_FIELDS } from "~/lib/form-text";
import { objectShape, parseForm } from "~/lib/schemas/parse-form";
import { m } from "~/paraglide/messages";
import { cleanedFields } from "./clean-form";
import { AppError, replyWithError } from "./errors";

/**
 * The one form path on the server: `parseSubmission` validates the posted form with the
 * same Zod schema the browser used (parseForm: the text rule, then Conform's parseWithZod),
 * and the replies below answer a refused form with Conform's `SubmissionResult`
 * (`{ result }`, the page's `lastResult`).
 */
/** The longest value echoed back for a field the schema does not bound (hidden fields, the honeypot). */
const UNBOUNDED_ECHO_LIMIT = 1_000;

export type FormReply = { result: SubmissionResult<string[]> };

export function parseSubmission<S extends z.ZodType>(formData: FormData | URLSearchParams, schema: S) {
  return parseForm(formData, schema, formData instanceof FormData ? cleanedFields(formData) : undefined);
}

type AnySubmission = ReturnType<typeof parseSubmission>;

/**
 * What a form's buttons and hidden fields post (an intent, an id, a status: the schemas of
 * app/lib/schemas/buttons.ts), which no field on the page can show a problem beside: the values,
 * or an INVALID AppError with the first problem's message, for the route to answer like any other
 * refusal (400). Only the schema's own fields are read, so that a problem with the form's other
 * fields stays theirs to report.
 */
export function parseButtons<S extends z.ZodObject>(formData: FormData | URLSearchParams, schema: S): z.output<S> {
  const own = new FormData();
  for (const name of Object.keys(schema.shape)) for (const value of formData.getAll(name)) own.append(name, value);
  const submission = parseForm(own, schema, formData instanceof FormData ? cleanedFields(formData) : undefined);
  if (submission.status === "success") return submission.value;
  const problem = Object.values(submission.error ?? {}).flat()[0];
  throw new AppError("INVALID", problem ?? m.server_form_unreadable());
}

/**
 * Conform's reply, minus what must not go back into the page: passwords and codes, and any
 * value longer than its field's own limit (a 100 kB "name" is not worth echoing 100 kB).
 */
export function formResult(
  submission: AnySubmission,
  schema: z.ZodType,
  options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
): SubmissionResult<string[]> {
  const result = submission.reply({ ...options, hideFields: [...SECRET_FIELDS] });
  if (result.initialValue) result.initialValue = boundedValues(result.initialValue, schema) as typeof result.initialValue;
  return result;
}

/** The most values echoed back for a repeated field (checkboxes). */
const REPEATED_ECHO_LIMIT = 100;

/**
 * The values worth echoing: strings within their field's limit, nested fieldsets (`social.facebook`)
 * alike, and a repeated field's (checkboxes') values within its element's limit.
 */
function boundedValues(values: Record<string, unknown>, schema: unknown): Record<string, unknown> {
  const shape = objectShape(schema) ?? {};
  const bounded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = shape[name];
    if (typeof value === "string") {
      if (value.length <= (maxLength(field) ?? UNBOUNDED_ECHO_LIMIT)) bounded[name] = value;
    } else if (Array.isArray(value)) {
      const limit = maxLength(arrayElement(field)) ?? UNBOUNDED_ECHO_LIMIT;
      bounded[name] = value
        .filter((item): item is string => typeof item === "string" && item.length <= limit)
        .slice(0, REPEATED_ECHO_LIMIT);
    } else if (value && typeof value === "object" && objectShape(field)) {
      bounded[name] = boundedValues(value as Record<string, unknown>, field);
    }
  }
  return bounded;
}

/**
 * The 400 a form gets when its fields are invalid (the form with its messages, what was typed).
 * `extra` joins the answer (for example which of the page's forms it belongs to).
 */
export function invalidSubmission<E extends Record<string, unknown> = Record<never, never>>(
  submission: AnySubmission,
  schema: z.ZodType,
  extra?: E,
) {
  return data<FormReply & E>({ ...(extra as E), result: formResult(submission, schema) }, { status: 400 });
}

/**
 * A domain function refused the form (AppError): the form again with the error's message,
 * its status and headers (Retry-After), through the one error helper. Faults are rethrown.
 */
export function refusedSubmission<E extends Record<string, unknown> = Record<never, never>>(
  submission: AnySubmission,
  schema: z.ZodType,
  error: unknown,
  options: { prefix?: string; extra?: E } = {},
) {
  const prefix = options.prefix ?? "";
  return replyWithError<FormReply & E>(error, (refusal: AppError) => ({
    ...(options.extra as E),
    result: formResult(submission, schema, {
      formErrors: [`${prefix}${refusal.message}`],
      fieldErrors: Object.fromEntries(Object.entries(refusal.fieldErrors).map(([name, message]) => [name, [message]])),
    }),
  }));
}

type Inner = { maxLength?: number | null; def?: { in?: unknown; innerType?: unknown } };

/** An array field's element schema, under optional, pipe and refinement wrappers. */
function arrayElement(schema: unknown): unknown {
  const node = schema as (Inner & { def?: { element?: unknown } }) | undefined;
  if (!node?.def) return undefined;
  if (node.def.element) return node.def.element;
  return arrayElement(node.def.in ?? node.def.innerType);
}

function maxLength(schema: unknown): number | undefined {
  const node = schema as Inner | undefined;
  if (!node) return undefined;
  if (typeof node.maxLength === "number") return node.maxLength;
  return maxLength(node.def?.in ?? node.def?.innerType);
}
