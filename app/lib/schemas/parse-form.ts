import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { m } from "~/paraglide/messages";
import { onOneLine, SECRET_FIELDS, withoutControlsButLineBreaks } from "../form-text";
import { isMultiline } from "./multiline";

/**
 * The one form path's parse, in the browser and on the server alike: the form's text is held to
 * the rule in app/lib/form-text.ts first (a field that breaks it is refused with its message,
 * showing what was typed without the offending characters), then the schema judges it through
 * Conform. `cleaned` names fields that lost characters before they got here (the server's form
 * reader removes them from every field, so that no route ever passes them on).
 */
export function parseForm<S extends z.ZodType>(formData: FormData | URLSearchParams, schema: S, cleaned: ReadonlySet<string> = new Set()) {
  const fields = fieldSchemas(schema);
  const problems = new Map<string, string>();
  const payload = new FormData();
  for (const [name, value] of formData.entries()) {
    if (namesABuiltIn(name)) continue;
    if (typeof value !== "string" || SECRET_FIELDS.includes(name)) {
      payload.append(name, value);
      continue;
    }
    let text = withoutControlsButLineBreaks(value);
    if (text !== value || cleaned.has(name)) problems.set(name, m.server_control_characters_removed());
    const field = fields.get(name);
    if (field && !isMultiline(field) && onOneLine(text) !== text) {
      text = onOneLine(text);
      if (!problems.has(name)) problems.set(name, m.server_one_line_only());
    }
    payload.append(name, text);
  }
  const submission = parseWithZod(payload, { schema });
  if (problems.size === 0) return submission;
  // The schema's own messages for the other fields stay beside them.
  const schemaErrors: Record<string, string[] | null> = submission.status === "error" ? (submission.error ?? {}) : {};
  const messages = new Map<string, string[]>(Object.entries(schemaErrors).map(([name, errors]) => [name, errors ?? []]));
  for (const [name, message] of problems) messages.set(name, [message]);
  const refusal = z.any().superRefine((_value, context) => {
    for (const [name, errors] of messages) for (const message of errors) context.addIssue({ code: "custom", path: [name], message });
  });
  return parseWithZod(payload, { schema: refusal, disableAutoCoercion: true }) as unknown as typeof submission;
}

/**
 * A posted name with a part called after an object's built-ins (`constructor`, `a.__proto__`,
 * `valueOf`, `prototype`): never one of our fields, and Conform builds its value object from the
 * names, so such a name would reach the object's prototype instead of a field (found by the fuzz
 * tests: a 500).
 */
function namesABuiltIn(name: string): boolean {
  return name.split(/[.[\]]/).some((part) => part === "prototype" || part in Object.prototype);
}

type Inner = { shape?: Record<string, unknown>; def?: { in?: unknown; innerType?: unknown } };

/** Every field of an object schema by its form name (nested objects as `social.facebook`). */
function fieldSchemas(schema: unknown, prefix = "", into = new Map<string, z.ZodType>()): Map<string, z.ZodType> {
  const shape = objectShape(schema);
  if (!shape) return into;
  for (const [key, field] of Object.entries(shape)) {
    const name = `${prefix}${key}`;
    if (objectShape(field)) fieldSchemas(field, `${name}.`, into);
    else into.set(name, field as z.ZodType);
  }
  return into;
}

/** The object shape under optional, default, pipe and refinement wrappers, if the schema is an object. */
export function objectShape(schema: unknown): Record<string, unknown> | undefined {
  const node = schema as Inner | undefined;
  if (!node) return undefined;
  if (node.shape) return node.shape;
  return objectShape(node.def?.in ?? node.def?.innerType);
}
