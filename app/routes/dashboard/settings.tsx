import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { requireRole } from "~/.server/auth/session";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { carriedSettings, settingsFormValues } from "~/.server/settings/settings-form";
import { readSettingValues } from "~/.server/settings/site-settings";
import { updateSiteSettings } from "~/.server/settings/update-site-settings";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { BookingAndStaffMailFields, ContactDetailsFields, SocialLinkFields } from "~/components/dashboard/site-details-fields";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Field, FormMessage, TextAreaField } from "~/components/ui/field";
import { FieldGroup } from "~/components/ui/field-group";
import { pageRoles } from "~/lib/dashboard-menu";
import { costCountries } from "~/lib/first-year-cost";
import { defaultJobCategories, defaultMemberLocations } from "~/lib/networking";
import { plural } from "~/lib/plural";
import { SETTING_FEE_MAX_LENGTH, SETTING_SCHEDULE_MAX_LENGTH, SiteSettingsSchema } from "~/lib/schemas/settings";
import { tuitionCurrencies } from "~/lib/universities";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { Route } from "./+types/settings";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.siteSettings);
  return { values: settingsFormValues(await readSettingValues()) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.siteSettings);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const submission = parseSubmission(formData, SiteSettingsSchema);
  if (submission.status !== "success") return invalidSubmission(submission, SiteSettingsSchema);
  try {
    const changed = await updateSiteSettings({ actor, changes: carriedSettings(formData, submission.value) });
    const text =
      changed.length === 0
        ? "Nothing changed"
        : changed.length === 1
          ? "Setting saved"
          : `${plural(changed.length, "setting", "settings")} saved`;
    return redirectWithToast("/dashboard/settings", { type: "success", text });
  } catch (error) {
    return refusedSubmission(submission, SiteSettingsSchema, error);
  }
}

type Shape = z.input<typeof SiteSettingsSchema>;

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields, loadValidation] = useSchemaForm<Shape>("siteSettings", actionData?.result, {
    defaultValue: loaderData.values as Shape,
  });
  const ielts = fields.ielts.getFieldset();
  const weekend = ielts.weekend.getFieldset();
  const regular = ielts.regular.getFieldset();
  const networking = fields.networking.getFieldset();
  const booking = fields.booking.getFieldset();
  const rates = fields.rates.getFieldset();
  const costs = fields.costs.getFieldset();
  const saving = navigation.state === "submitting";
  return (
    <Page title="Site Settings" intro="What every public page shows about Onward. Changes show on the site as soon as you save.">
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} noValidate className="grid max-w-3xl gap-8">
        <ContactDetailsFields fields={fields} />
        <BookingAndStaffMailFields fields={fields} />
        <FieldGroup legend="Appointments" note="Rules for booking consultants; leave a field empty to use the default.">
          <Field
            label="Live bookings per consultant"
            field={booking.maxLivePerConsultant}
            inputMode="numeric"
            maxLength={2}
            hint="How many pending or accepted bookings a student may hold with one consultant (default 1)."
          />
          <Field
            label="Cancel up to (hours before)"
            field={booking.cancelCutoffHours}
            inputMode="numeric"
            maxLength={3}
            hint="Students may cancel a booking until this many hours before it starts (default 2)."
          />
        </FieldGroup>
        <SocialLinkFields social={fields.social.getFieldset()} />
        <FieldGroup
          legend="IELTS online batches"
          note="Shown on the IELTS page once set; a batch with neither schedule nor fee is left out."
        >
          <Field label="Weekend batch: schedule" field={weekend.schedule} maxLength={SETTING_SCHEDULE_MAX_LENGTH} />
          <Field label="Weekend batch: fee" field={weekend.fee} maxLength={SETTING_FEE_MAX_LENGTH} hint="For example 8,000 BDT" />
          <Field label="Regular batch: schedule" field={regular.schedule} maxLength={SETTING_SCHEDULE_MAX_LENGTH} />
          <Field label="Regular batch: fee" field={regular.fee} maxLength={SETTING_FEE_MAX_LENGTH} />
        </FieldGroup>
        <FieldGroup
          legend="Networking directory"
          note={`Members live in ${defaultMemberLocations.join(", ")} and work as ${defaultJobCategories.join(", ")}. Add more here, one per line; they join the directory's filters and the member forms.`}
        >
          <TextAreaField label="More locations" field={networking.locations} rows={4} hint="For example Japan" />
          <TextAreaField label="More job categories" field={networking.categories} rows={4} hint="For example Nurse" />
        </FieldGroup>
        <FieldGroup
          legend="Exchange rates"
          note="Taka per unit of each currency, for the university finder's ≈ BDT figures and its tuition limit. Keep them current; leave one empty to use our default."
        >
          <div className="grid gap-4 sm:grid-cols-3">
            {tuitionCurrencies.map((currency) => (
              <Field key={currency} label={`1 ${currency} in BDT`} field={rates[currency]} inputMode="decimal" maxLength={12} />
            ))}
          </div>
        </FieldGroup>
        <FieldGroup
          legend="First-year costs"
          note="Living costs for one year (in the country's currency) and an indicative one-way flight from Dhaka (in taka), each with the year it is for. They price the first year on every university page; leave a field empty to use the official figure we hold, or none."
        >
          {costCountries.map(({ id, name, currency }) => {
            const country = costs[id].getFieldset();
            return (
              <fieldset key={id} className="grid grid-cols-2 gap-3 sm:col-span-2 sm:grid-cols-4">
                <legend className="mb-1 text-sm font-semibold text-slate-800">{name}</legend>
                <Field label={`Living (${currency})`} field={country.living} inputMode="numeric" maxLength={10} />
                <Field label="Year" field={country.livingYear} inputMode="numeric" maxLength={4} />
                <Field label="Flight (BDT)" field={country.flight} inputMode="numeric" maxLength={10} />
                <Field label="Year" field={country.flightYear} inputMode="numeric" maxLength={4} />
              </fieldset>
            );
          })}
        </FieldGroup>
        <div>
          <Button pending={saving}>{saving ? "Saving…" : "Save settings"}</Button>
        </div>
      </Form>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Site Settings — Onward" }];
