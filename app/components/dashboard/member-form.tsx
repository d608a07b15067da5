import type { z } from "zod";
import { PictureField, type StaffFormProps, UploadForm, useStaffForm } from "~/components/dashboard/upload-form";
import type { MemberFormBrowserSchema } from "~/lib/schemas/networking";
import { m } from "~/paraglide/messages";
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
      <Field label={m.staff_name()} field={fields.name} required autoComplete="off" />
      <Field label={m.staff_member_company()} field={fields.company} required />
      <Field label={m.staff_city()} field={fields.address} required hint={m.staff_member_city_hint()} />
      <Field label={m.staff_profession()} field={fields.profession} required />
      <SelectField label={m.staff_location()} field={fields.location} options={choices.locations} placeholder={m.staff_choose()} required />
      <SelectField
        label={m.staff_job_category()}
        field={fields.category}
        options={choices.categories}
        placeholder={m.staff_choose()}
        required
      />
      <Field label={m.staff_email()} field={fields.email} type="email" required autoComplete="off" hint={m.staff_member_email_hint()} />
      <Field label={m.staff_phone()} field={fields.phone} type="tel" required inputMode="tel" hint={m.staff_member_phone_hint()} />
      <Field label="LinkedIn" field={fields.linkedin} type="url" inputMode="url" placeholder="https://linkedin.com/in/…" />
      <Field label={m.staff_member_twitter()} field={fields.twitter} type="url" inputMode="url" placeholder="https://x.com/…" />
      <Field
        label={m.staff_member_booking_page()}
        field={fields.bookingUrl}
        type="url"
        inputMode="url"
        placeholder="https://"
        hint={m.staff_member_booking_hint()}
      />
      <PictureField
        label={m.staff_photo()}
        field={fields.profile}
        maxMb={5}
        current={
          photoUrl ? (
            <img src={photoUrl} alt={m.staff_current()} width={64} height={64} className="size-16 rounded-full object-cover" />
          ) : undefined
        }
      />
    </UploadForm>
  );
}
