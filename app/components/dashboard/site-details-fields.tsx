import { Field, type FieldMeta } from "~/components/ui/field";
import { FieldGroup } from "~/components/ui/field-group";
import { SETTING_TEXT_MAX_LENGTH, SETTING_URL_MAX_LENGTH } from "~/lib/schemas/settings";
import { m } from "~/paraglide/messages";

// The consultancy's details as the site settings (/dashboard/settings) and the first-run set-up
// (/setup) both ask for them: the same fields, names and hints in both forms.

const url = { type: "url", inputMode: "url", maxLength: SETTING_URL_MAX_LENGTH, placeholder: "https://" } as const;

/** Contact e-mail, phone, city and country. */
export function ContactDetailsFields({ fields }: { fields: Record<"contactEmail" | "contactPhone" | "city" | "country", FieldMeta> }) {
  return (
    <FieldGroup legend={m.staff_site_contact()} note={m.staff_site_contact_note()}>
      <Field label={m.staff_site_contact_email()} field={fields.contactEmail} type="email" autoComplete="off" required />
      <Field label={m.staff_phone()} field={fields.contactPhone} type="tel" maxLength={20} hint={m.staff_site_phone_hint()} />
      <Field label={m.staff_city()} field={fields.city} required maxLength={SETTING_TEXT_MAX_LENGTH} />
      <Field label={m.staff_country()} field={fields.country} required maxLength={SETTING_TEXT_MAX_LENGTH} />
    </FieldGroup>
  );
}

/** The external booking page and where staff mail goes. */
export function BookingAndStaffMailFields({ fields }: { fields: Record<"bookingUrl" | "staffEmail", FieldMeta> }) {
  return (
    <FieldGroup legend={m.staff_site_booking_mail()}>
      <Field label={m.staff_site_booking_page()} field={fields.bookingUrl} {...url} hint={m.staff_site_booking_page_hint()} />
      <Field
        label={m.staff_site_staff_email()}
        field={fields.staffEmail}
        type="email"
        autoComplete="off"
        hint={m.staff_site_staff_email_hint()}
      />
    </FieldGroup>
  );
}

/** The footer's social links. */
export function SocialLinkFields({ social }: { social: Record<"facebook" | "instagram" | "linkedin" | "youtube", FieldMeta> }) {
  return (
    <FieldGroup legend={m.staff_site_social()} note={m.staff_site_social_note()}>
      <Field label="Facebook" field={social.facebook} {...url} />
      <Field label="Instagram" field={social.instagram} {...url} />
      <Field label="LinkedIn" field={social.linkedin} {...url} />
      <Field label="YouTube" field={social.youtube} {...url} />
    </FieldGroup>
  );
}
