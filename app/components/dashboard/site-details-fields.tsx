import { Field, type FieldMeta } from "~/components/ui/field";
import { FieldGroup } from "~/components/ui/field-group";
import { SETTING_TEXT_MAX_LENGTH, SETTING_URL_MAX_LENGTH } from "~/lib/schemas/settings";

// The consultancy's details as the site settings (/dashboard/settings) and the first-run set-up
// (/setup) both ask for them: the same fields, names and hints in both forms.

const url = { type: "url", inputMode: "url", maxLength: SETTING_URL_MAX_LENGTH, placeholder: "https://" } as const;

/** Contact e-mail, phone, city and country. */
export function ContactDetailsFields({ fields }: { fields: Record<"contactEmail" | "contactPhone" | "city" | "country", FieldMeta> }) {
  return (
    <FieldGroup legend="Contact details" note="In the footer, on the contact page and at the end of the guides.">
      <Field label="Contact e-mail" field={fields.contactEmail} type="email" autoComplete="off" required />
      <Field
        label="Phone"
        field={fields.contactPhone}
        type="tel"
        maxLength={20}
        hint="For example +880 1XXX-XXXXXX. Leave empty to show no phone number."
      />
      <Field label="City" field={fields.city} required maxLength={SETTING_TEXT_MAX_LENGTH} />
      <Field label="Country" field={fields.country} required maxLength={SETTING_TEXT_MAX_LENGTH} />
    </FieldGroup>
  );
}

/** The external booking page and where staff mail goes. */
export function BookingAndStaffMailFields({ fields }: { fields: Record<"bookingUrl" | "staffEmail", FieldMeta> }) {
  return (
    <FieldGroup legend="Booking and staff mail">
      <Field
        label="Booking page"
        field={fields.bookingUrl}
        {...url}
        hint="An external scheduling page for “Book a Call”. Leave empty to send people to Onward's own booking."
      />
      <Field
        label="Staff e-mail"
        field={fields.staffEmail}
        type="email"
        autoComplete="off"
        hint="Where contact messages and enrollment requests are sent. Leave empty to use the contact e-mail."
      />
    </FieldGroup>
  );
}

/** The footer's social links. */
export function SocialLinkFields({ social }: { social: Record<"facebook" | "instagram" | "linkedin" | "youtube", FieldMeta> }) {
  return (
    <FieldGroup legend="Social links" note="Shown as icons in the footer; leave a field empty to hide its icon.">
      <Field label="Facebook" field={social.facebook} {...url} />
      <Field label="Instagram" field={social.instagram} {...url} />
      <Field label="LinkedIn" field={social.linkedin} {...url} />
      <Field label="YouTube" field={social.youtube} {...url} />
    </FieldGroup>
  );
}
