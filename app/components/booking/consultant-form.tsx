import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { CONSULTANT_DESCRIPTION_MAX_LENGTH, CONSULTANT_TEXT_MAX_LENGTH, consultantCountries } from "~/lib/booking";
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/lib/form-limits";
import type { ConsultantFormBrowserSchema } from "~/lib/schemas/booking";
import { useSchemaForm } from "~/lib/use-schema-form";
import { Button } from "../ui/button";
import { Field, FormMessage, SelectField, TextAreaField } from "../ui/field";

type Shape = z.input<typeof ConsultantFormBrowserSchema>;
type Result = Parameters<typeof useSchemaForm>[1];

/**
 * The add and edit forms of a consultant (multipart: the picture is `profile`). Field names are the
 * contract's: name, university, country, email, phone, profession, description, profile. Editing
 * (`current` given) shows the e-mail without sending it and keeps the picture when none is chosen.
 * `id` changes after a successful add, so the form starts empty again.
 */
export function ConsultantForm({
  id,
  lastResult,
  defaultValue,
  current,
  saving,
  submitLabel,
}: {
  id?: string;
  lastResult: Result;
  defaultValue?: Partial<Shape>;
  current?: { email: string; photoUrl: string };
  saving: boolean;
  submitLabel: string;
}) {
  const editing = current !== undefined;
  const [form, fields, loadValidation] = useSchemaForm<Shape>(editing ? "consultantEdit" : "consultant", lastResult, { id, defaultValue });
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
        <Field label="Name" field={fields.name} required autoComplete="off" maxLength={NAME_MAX_LENGTH} />
        <Field
          label="University"
          field={fields.university}
          required
          maxLength={CONSULTANT_TEXT_MAX_LENGTH}
          hint="Where they studied or work"
        />
        <SelectField label="Country" field={fields.country} options={consultantCountries} placeholder="Choose…" required />
        {editing ? (
          <Field
            label="Email"
            name="email-shown"
            type="email"
            value={current.email}
            disabled
            readOnly
            hint="Their account's e-mail: it cannot be changed here."
          />
        ) : (
          <Field
            label="Email"
            field={fields.email}
            type="email"
            required
            autoComplete="off"
            hint="Their sign-in: with no account yet, we e-mail them a link to choose a password"
          />
        )}
        <Field
          label="Phone"
          field={fields.phone}
          type="tel"
          required
          inputMode="tel"
          maxLength={PHONE_MAX_LENGTH}
          hint="Digits, spaces and an optional +"
        />
        <Field label="Profession" field={fields.profession} required maxLength={CONSULTANT_TEXT_MAX_LENGTH} />
        <TextAreaField
          className="sm:col-span-2"
          label="Description"
          field={fields.description}
          required
          rows={4}
          maxLength={CONSULTANT_DESCRIPTION_MAX_LENGTH}
          hint="What they help students with; shown on their card"
        />
        <div className="flex items-center gap-4 sm:col-span-2">
          {current ? (
            <img src={current.photoUrl} alt="Current" width={64} height={64} className="size-16 rounded-full object-cover" />
          ) : null}
          <Field
            className="flex-1"
            label="Picture"
            field={fields.profile}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required={!editing}
            hint={
              editing ? "JPEG, PNG or WebP, at most 5 MB. Choose nothing to keep the current picture." : "JPEG, PNG or WebP, at most 5 MB"
            }
          />
        </div>
        <div className="sm:col-span-2">
          <Button pending={saving}>{saving ? "Saving…" : submitLabel}</Button>
        </div>
      </Form>
    </>
  );
}
