import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import type { MemberFormBrowserSchema } from "~/lib/schemas/networking";
import { useSchemaForm } from "~/lib/use-schema-form";
import { Button } from "../ui/button";
import { Field, FormMessage, SelectField } from "../ui/field";

type Shape = z.input<typeof MemberFormBrowserSchema>;
type Result = Parameters<typeof useSchemaForm>[1];

/**
 * The add and edit forms of a networking member (multipart: the photo is `profile`). Field names are
 * the contract's: name, company, address, email, phone, profession, location, category, linkedin,
 * twitter, bookingUrl, profile. `id` changes after a successful add, so the form starts empty again.
 */
export function MemberForm({
  id,
  lastResult,
  defaultValue,
  choices,
  photoUrl,
  saving,
  submitLabel,
}: {
  id?: string;
  lastResult: Result;
  defaultValue?: Partial<Shape>;
  choices: { locations: readonly string[]; categories: readonly string[] };
  photoUrl?: string;
  saving: boolean;
  submitLabel: string;
}) {
  const [form, fields, loadValidation] = useSchemaForm<Shape>("member", lastResult, { id, defaultValue });
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
        <Field label="Name" field={fields.name} required autoComplete="off" />
        <Field label="Company or university" field={fields.company} required />
        <Field label="City" field={fields.address} required hint="Where they live, for example Helsinki" />
        <Field label="Profession" field={fields.profession} required />
        <SelectField label="Location" field={fields.location} options={choices.locations} placeholder="Choose…" required />
        <SelectField label="Job category" field={fields.category} options={choices.categories} placeholder="Choose…" required />
        <Field label="Email" field={fields.email} type="email" required autoComplete="off" hint="Never shown in the directory" />
        <Field label="Phone" field={fields.phone} type="tel" required inputMode="tel" hint="Digits, spaces and an optional +" />
        <Field label="LinkedIn" field={fields.linkedin} type="url" inputMode="url" placeholder="https://www.linkedin.com/in/…" />
        <Field label="Twitter or X" field={fields.twitter} type="url" inputMode="url" placeholder="https://x.com/…" />
        <Field
          label="Their booking page"
          field={fields.bookingUrl}
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="Optional: where students book a call with them"
        />
        <div className="flex items-center gap-4">
          {photoUrl ? <img src={photoUrl} alt="Current" width={64} height={64} className="size-16 rounded-full object-cover" /> : null}
          <Field
            className="flex-1"
            label="Photo"
            field={fields.profile}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required={!photoUrl}
            hint={
              photoUrl ? "JPEG, PNG or WebP, at most 5 MB. Choose nothing to keep the current photo." : "JPEG, PNG or WebP, at most 5 MB"
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
