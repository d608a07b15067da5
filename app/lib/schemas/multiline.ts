import type { z } from "zod";

/** Field schemas whose value may span lines (textareas); every other field of a form is one line. */
const multilineSchemas = new WeakSet<z.ZodType>();

/** Marks a field's schema as multi-line: tab, CR and LF are kept in it (app/lib/form-text.ts). */
export function multiline<T extends z.ZodType>(schema: T): T {
  multilineSchemas.add(schema);
  return schema;
}

type Wrapper = { def?: { in?: unknown; innerType?: unknown } };

/** Whether a field's schema, or the one it wraps (optional, default, pipe), was marked multi-line. */
export function isMultiline(schema: unknown): boolean {
  if (!schema) return false;
  if (multilineSchemas.has(schema as z.ZodType)) return true;
  const { def } = schema as Wrapper;
  return isMultiline(def?.in ?? def?.innerType);
}
