import { parse, type SubmissionResult, useForm } from "@conform-to/react";
import { useCallback, useEffect, useRef } from "react";
import type { ValidatorName, validators } from "./schemas/validators";

type Validate = (typeof validators)[ValidatorName];

/**
 * The browser half of the one form path: Conform's `useForm`, showing the action's answer
 * (`lastResult`) and validating with the same Zod schema the action parses with. The schema
 * (and Zod) load when the person first focuses the form (`onFocus` below) or when the page
 * already shows a refusal; a submit before that simply goes to the server, which judges anyway.
 * `Shape` names the fields: pass `z.input<typeof schema>` (a type-only import).
 */
export function useSchemaForm<Shape extends Record<string, unknown>>(
  name: ValidatorName,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: { id?: string; defaultValue?: Partial<Shape> } = {},
) {
  const validate = useRef<Validate | null>(null);
  const requested = useRef(false);
  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    import("./schemas/validators")
      .then((module) => {
        validate.current = module.validators[name];
      })
      .catch(() => {
        requested.current = false;
      });
  }, [name]);
  useEffect(() => {
    if (lastResult) load();
  }, [lastResult, load]);

  const [form, fields] = useForm<Shape, Shape, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue as never,
    onValidate: ({ formData }) =>
      // Until the schema has loaded, the form goes to the server as it is.
      (validate.current?.(formData) ?? parse(formData, { resolve: () => ({ value: {} }) })) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // A refusal from the server (the form was sent before its schema loaded, or only the server
  // could judge) puts the person on the first field it marked, as a refusal in the browser does.
  // The form is often new then (a new page), so Conform's own focusing does not run.
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    const first = [...element.elements].find((field) => field.getAttribute("aria-invalid") === "true");
    if (first instanceof HTMLElement && !element.contains(document.activeElement)) first.focus();
  }, [lastResult, form.id]);
  return [form, fields, { onFocus: load }] as const;
}
