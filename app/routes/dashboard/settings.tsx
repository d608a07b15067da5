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
import { groupThousands } from "~/lib/numbers";
import { SETTING_FEE_MAX_LENGTH, SETTING_SCHEDULE_MAX_LENGTH, SiteSettingsSchema } from "~/lib/schemas/settings";
import { tuitionCurrencies } from "~/lib/universities";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
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
        ? m.staff_nothing_changed()
        : changed.length === 1
          ? m.staff_setting_saved()
          : m.staff_settings_saved({ count: changed.length, countText: groupThousands(changed.length) });
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
    <Page title={m.staff_settings_title()} intro={m.staff_settings_intro()}>
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} noValidate className="grid max-w-3xl gap-8">
        <ContactDetailsFields fields={fields} />
        <BookingAndStaffMailFields fields={fields} />
        <FieldGroup legend={m.staff_settings_appointments()} note={m.staff_settings_appointments_note()}>
          <Field
            label={m.staff_settings_live_bookings()}
            field={booking.maxLivePerConsultant}
            inputMode="numeric"
            maxLength={2}
            hint={m.staff_settings_live_bookings_hint()}
          />
          <Field
            label={m.staff_settings_cancel_cutoff()}
            field={booking.cancelCutoffHours}
            inputMode="numeric"
            maxLength={3}
            hint={m.staff_settings_cancel_cutoff_hint()}
          />
        </FieldGroup>
        <SocialLinkFields social={fields.social.getFieldset()} />
        <FieldGroup legend={m.staff_settings_ielts()} note={m.staff_settings_ielts_note()}>
          <Field label={m.staff_settings_weekend_schedule()} field={weekend.schedule} maxLength={SETTING_SCHEDULE_MAX_LENGTH} />
          <Field
            label={m.staff_settings_weekend_fee()}
            field={weekend.fee}
            maxLength={SETTING_FEE_MAX_LENGTH}
            hint={m.staff_settings_fee_hint()}
          />
          <Field label={m.staff_settings_regular_schedule()} field={regular.schedule} maxLength={SETTING_SCHEDULE_MAX_LENGTH} />
          <Field label={m.staff_settings_regular_fee()} field={regular.fee} maxLength={SETTING_FEE_MAX_LENGTH} />
        </FieldGroup>
        <FieldGroup
          legend={m.staff_settings_networking()}
          note={m.staff_settings_networking_note({
            locations: defaultMemberLocations.join(", "),
            categories: defaultJobCategories.join(", "),
          })}
        >
          <TextAreaField
            label={m.staff_settings_more_locations()}
            field={networking.locations}
            rows={4}
            hint={m.staff_settings_locations_hint()}
          />
          <TextAreaField
            label={m.staff_settings_more_categories()}
            field={networking.categories}
            rows={4}
            hint={m.staff_settings_categories_hint()}
          />
        </FieldGroup>
        <FieldGroup legend={m.staff_settings_rates()} note={m.staff_settings_rates_note()}>
          <div className="grid gap-4 sm:grid-cols-3">
            {tuitionCurrencies.map((currency) => (
              <Field
                key={currency}
                label={m.staff_settings_rate_label({ currency })}
                field={rates[currency]}
                inputMode="decimal"
                maxLength={12}
              />
            ))}
          </div>
        </FieldGroup>
        <FieldGroup legend={m.staff_settings_costs()} note={m.staff_settings_costs_note()}>
          {costCountries.map(({ id, name, currency }) => {
            const country = costs[id].getFieldset();
            return (
              <fieldset key={id} className="grid grid-cols-2 gap-3 sm:col-span-2 sm:grid-cols-4">
                <legend className="mb-1 text-sm font-semibold text-slate-800">{name}</legend>
                <Field label={m.staff_settings_living({ currency })} field={country.living} inputMode="numeric" maxLength={10} />
                <Field label={m.staff_year()} field={country.livingYear} inputMode="numeric" maxLength={4} />
                <Field label={m.staff_settings_flight()} field={country.flight} inputMode="numeric" maxLength={10} />
                <Field label={m.staff_year()} field={country.flightYear} inputMode="numeric" maxLength={4} />
              </fieldset>
            );
          })}
        </FieldGroup>
        <div>
          <Button pending={saving}>{saving ? m.staff_saving() : m.staff_settings_save()}</Button>
        </div>
      </Form>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_settings_title() }) }];
