import type { z } from "zod";
import { PictureField, type StaffFormProps, UploadForm, useStaffForm } from "~/components/dashboard/upload-form";
import type { MemberFormBrowserSchema } from "~/lib/schemas/networking";
import { Field, SelectField } from "../ui/field";

type Shape = z.input<typeof MemberFormBrowserSchema>;

/**
 * The add and edit forms of a networking member (multipart: the photo is `profile`). Field names are
 * the contract's: name, company, address, email, phone, profession, location, category, linkedin,
 * twitter, bookingUrl, profile. `id` changes after a successful add, so the form starts empty again.
 */
export function MemberForm({
  choices,
  photoUrl,
  ...props
}: StaffFormProps<Shape> & { choices: { locations: readonly string[]; categories: readonly string[] }; photoUrl?: string }) {
  const [form, fields, loadValidation] = useStaffForm<Shape>("member", props);
  return (
    <UploadForm form={form} loadValidation={loadValidation} saving={props.saving} submitLabel={props.submitLabel}>
      <Field label="Name" field={fields.name} required autoComplete="off" />
      <Field label="Company or university" field={fields.company} required />
      <Field label="City" field={fields.address} required hint="Where they live, for example Helsinki" />
      <Field label="Profession" field={fields.profession} required />
      <SelectField label="Location" field={fields.location} options={choices.locations} placeholder="Choose…" required />
      <SelectField label="Job category" field={fields.category} options={choices.categories} placeholder="Choose…" required />
      <Field label="Email" field={fields.email} type="email" required autoComplete="off" hint="Never shown in the directory" />
      <Field label="Phone" field={fields.phone} type="tel" required inputMode="tel" hint="Digits, spaces and an optional +" />
      <Field label="LinkedIn" field={fields.linkedin} type="url" inputMode="url" placeholder="https://linkedin.com/in/…" />
      <Field label="Twitter or X" field={fields.twitter} type="url" inputMode="url" placeholder="https://x.com/…" />
      <Field
        label="Their booking page"
        field={fields.bookingUrl}
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="Optional: where students book a call with them"
      />
      <PictureField
        label="Photo"
        field={fields.profile}
        maxMb={5}
        current={
          photoUrl ? <img src={photoUrl} alt="Current" width={64} height={64} className="size-16 rounded-full object-cover" /> : undefined
        }
      />
    </UploadForm>
  );
}
