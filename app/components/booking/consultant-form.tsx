import type { z } from "zod";
import { PictureField, type StaffFormProps, UploadForm, useStaffForm } from "~/components/dashboard/upload-form";
import { CONSULTANT_DESCRIPTION_MAX_LENGTH, CONSULTANT_TEXT_MAX_LENGTH, consultantCountries } from "~/lib/booking";
import { countryName } from "~/lib/country-names";
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/lib/form-limits";
import type { ConsultantFormBrowserSchema } from "~/lib/schemas/booking";
import { m } from "~/paraglide/messages";
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
      <Field label={m.community_name()} field={fields.name} required autoComplete="off" maxLength={NAME_MAX_LENGTH} />
      <Field
        label={m.community_university()}
        field={fields.university}
        required
        maxLength={CONSULTANT_TEXT_MAX_LENGTH}
        hint={m.community_university_hint()}
      />
      <SelectField
        label={m.community_book_country()}
        field={fields.country}
        options={consultantCountries.map((value) => ({ value, label: countryName(value) }))}
        placeholder={m.community_choose()}
        required
      />
      {editing ? (
        <Field
          label={m.community_email()}
          name="email-shown"
          type="email"
          value={current.email}
          disabled
          readOnly
          hint={m.community_email_fixed_hint()}
        />
      ) : (
        <Field
          label={m.community_email()}
          field={fields.email}
          type="email"
          required
          autoComplete="off"
          hint={m.community_email_new_hint()}
        />
      )}
      <Field
        label={m.community_phone()}
        field={fields.phone}
        type="tel"
        required
        inputMode="tel"
        maxLength={PHONE_MAX_LENGTH}
        hint={m.community_phone_hint()}
      />
      <Field label={m.community_profession()} field={fields.profession} required maxLength={CONSULTANT_TEXT_MAX_LENGTH} />
      <TextAreaField
        className="sm:col-span-2"
        label={m.community_description()}
        field={fields.description}
        required
        rows={4}
        maxLength={CONSULTANT_DESCRIPTION_MAX_LENGTH}
        hint={m.community_description_hint()}
      />
      <PictureField
        className="sm:col-span-2"
        label={m.community_picture()}
        field={fields.profile}
        maxMb={5}
        current={
          current?.photoUrl ? (
            <img
              src={current.photoUrl}
              alt={m.community_picture_current()}
              width={64}
              height={64}
              className="size-16 rounded-full object-cover"
            />
          ) : current ? (
            // A profile made by create-user has no picture yet: students see these initials.
            <span title={m.community_picture_none_title()}>
              <Avatar name={current.name} size="lg" />
              <span className="sr-only">{m.community_picture_none()}</span>
            </span>
          ) : undefined
        }
      />
    </UploadForm>
  );
}
