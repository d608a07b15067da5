import type { z } from "zod";
import { PictureField, type StaffFormProps, UploadForm, useStaffForm } from "~/components/dashboard/upload-form";
import { CONSULTANT_DESCRIPTION_MAX_LENGTH, CONSULTANT_TEXT_MAX_LENGTH, consultantCountries } from "~/lib/booking";
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/lib/form-limits";
import type { ConsultantFormBrowserSchema } from "~/lib/schemas/booking";
import { Avatar } from "../ui/avatar";
import { Field, SelectField, TextAreaField } from "../ui/field";

type Shape = z.input<typeof ConsultantFormBrowserSchema>;

/**
 * The add and edit forms of a consultant (multipart: the picture is `profile`). Field names are the
 * contract's: name, university, country, email, phone, profession, description, profile. Editing
 * (`current` given) shows the e-mail without sending it and keeps the picture when none is chosen.
 * `id` changes after a successful add, so the form starts empty again.
 */
export function ConsultantForm({
  current,
  ...props
}: StaffFormProps<Shape> & { current?: { email: string; name: string; photoUrl?: string } }) {
  const editing = current !== undefined;
  const [form, fields, loadValidation] = useStaffForm<Shape>(editing ? "consultantEdit" : "consultant", props);
  return (
    <UploadForm form={form} loadValidation={loadValidation} saving={props.saving} submitLabel={props.submitLabel}>
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
      <PictureField
        className="sm:col-span-2"
        label="Picture"
        field={fields.profile}
        maxMb={5}
        current={
          current?.photoUrl ? (
            <img src={current.photoUrl} alt="Current" width={64} height={64} className="size-16 rounded-full object-cover" />
          ) : current ? (
            // A profile made by create-user has no picture yet: students see these initials.
            <span title="No picture yet: students see these initials">
              <Avatar name={current.name} size="lg" />
              <span className="sr-only">No picture yet: students see the initials.</span>
            </span>
          ) : undefined
        }
      />
    </UploadForm>
  );
}
