import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatDigits } from "~/lib/numbers";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import { Button } from "../ui/button";
import { Field, type FieldMeta, FormMessage } from "../ui/field";

/**
 * What the add and edit pages give every staff form with a picture (ConsultantForm, MemberForm,
 * UniversityForm); `id` changes after a successful add, so the form starts empty again.
 */
export type StaffFormProps<Shape> = {
  id?: string;
  lastResult: Parameters<typeof useSchemaForm>[1];
  defaultValue?: Partial<Shape>;
  saving: boolean;
  submitLabel: string;
};

/** useSchemaForm for a staff form (`name` is its validator's), with what its page gives it. */
export function useStaffForm<Shape extends Record<string, unknown>>(
  name: Parameters<typeof useSchemaForm>[0],
  { id, lastResult, defaultValue }: StaffFormProps<Shape>,
) {
  return useSchemaForm<Shape>(name, lastResult, { id, defaultValue });
}

/** What a form's frame needs from useSchemaForm (`form`, `loadValidation`) and what goes in it. */
type FormFrame = {
  // biome-ignore lint/suspicious/noExplicitAny: each form has its own shape; the frame reads only its id and errors.
  form: FormMetadata<any, string[]>;
  loadValidation: { onFocus: () => void };
  children: ReactNode;
};

/**
 * A form that posts a file: the form's own error above it, a multipart post checked by the shared
 * schema (`loadValidation` from useSchemaForm), and `children` (its fields and buttons).
 */
export function MultipartForm({ form, loadValidation, className, children }: FormFrame & { className: string }) {
  return (
    <>
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} {...loadValidation} noValidate className={className}>
        {children}
      </Form>
    </>
  );
}

/**
 * The frame of a staff form that carries a picture (a networking member, a consultant, a
 * university): a MultipartForm with its fields two to a row, and the save button.
 */
export function UploadForm({ form, loadValidation, saving, submitLabel, children }: FormFrame & { saving: boolean; submitLabel: string }) {
  return (
    <MultipartForm form={form} loadValidation={loadValidation} className="mt-4 grid max-w-3xl gap-4 sm:grid-cols-2">
      {children}
      <div className="sm:col-span-2">
        <Button pending={saving}>{saving ? m.staff_saving() : submitLabel}</Button>
      </div>
    </MultipartForm>
  );
}

/**
 * A picture's file field (JPEG, PNG or WebP, judged by the server from its bytes) with the current
 * picture beside it when there is one: then choosing nothing keeps it, so the field is optional.
 */
export function PictureField({
  label,
  field,
  current,
  maxMb,
  className,
}: {
  label: string;
  field: FieldMeta;
  /** The picture shown now (an <img> or a logo), when editing. */
  current?: ReactNode;
  maxMb: number;
  className?: string;
}) {
  const kinds = m.staff_picture_kinds({ maxMb: formatDigits(maxMb) });
  return (
    <div className={`flex items-center gap-4 ${className ?? ""}`}>
      {current}
      <Field
        className="flex-1"
        label={label}
        field={field}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        required={!current}
        hint={current ? m.staff_picture_keep({ kinds, label: label.toLowerCase() }) : kinds}
      />
    </div>
  );
}
