import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "../ui/button";
import { Field, type FieldMeta, FormMessage } from "../ui/field";

/**
 * The frame of a staff form that carries a picture (a networking member, a consultant, a
 * university): the form's own error above it, a multipart post checked by the shared schema
 * (`loadValidation` from useSchemaForm), its fields two to a row, and the save button.
 */
export function UploadForm({
  form,
  loadValidation,
  saving,
  submitLabel,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: each form has its own shape; the frame reads only its id and errors.
  form: FormMetadata<any, string[]>;
  loadValidation: { onFocus: () => void };
  saving: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        {...loadValidation}
        noValidate
        className="mt-4 grid max-w-3xl gap-4 sm:grid-cols-2"
      >
        {children}
        <div className="sm:col-span-2">
          <Button pending={saving}>{saving ? "Saving…" : submitLabel}</Button>
        </div>
      </Form>
    </>
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
  const kinds = `JPEG, PNG or WebP, at most ${maxMb} MB`;
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
        hint={current ? `${kinds}. Choose nothing to keep the current ${label.toLowerCase()}.` : kinds}
      />
    </div>
  );
}
