import { type FieldMetadata, getFormProps } from "@conform-to/react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { readForm } from "~/.server/read-form";
import { type FormReply, invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { getAcademicProfile, saveAcademicProfile } from "~/.server/users/academic-profile";
import { Page } from "~/components/layout/page";
import { Button, LinkButton } from "~/components/ui/button";
import { Field, FormMessage, SelectField } from "~/components/ui/field";
import { otherEnglishTests, studyLevels } from "~/lib/academic-profile";
import {
  ACADEMIC_SUBJECT_MAX_LENGTH,
  type AcademicProfileFormValues,
  academicProfileFormValues,
  bandText,
  formatBand,
  ieltsOverallBands,
  preferredCountryChoices,
  studyLevelLabels,
} from "~/lib/academic-profile-form";
import { cn } from "~/lib/cn";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { AcademicProfileFormSchema } from "~/lib/schemas/academic-profile";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/academic-profile";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

const PATH = "/dashboard/academic-profile";

/** A grade or a test score: typed, never suggested, and short. */
const score = { autoComplete: "off", maxLength: 12 } as const;

/** A student's academic profile as the form shows it; staff and networking members have none (403). */
export async function loader({ request }: Route.LoaderArgs) {
  const student = await requireRole(request, pageRoles.academicProfile);
  return { values: academicProfileFormValues(await getAcademicProfile(student.id)) };
}

/** The whole profile in one post: every field optional, an empty one clears what was saved. */
export async function action({ request }: Route.ActionArgs) {
  const student = await requireRole(request, pageRoles.academicProfile);
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    return replyWithError<FormReply>(error, (refusal) => ({ result: { status: "error", error: { "": [refusal.message] } } }));
  }
  const submission = parseSubmission(formData, AcademicProfileFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, AcademicProfileFormSchema);
  try {
    await saveAcademicProfile(student.id, submission.value);
  } catch (error) {
    return refusedSubmission(submission, AcademicProfileFormSchema, error);
  }
  return redirectWithToast(PATH, { type: "success", text: m.dashboard_ap_saved() }, { status: 303 });
}

type Shape = AcademicProfileFormValues;

export default function AcademicProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields, loadValidation] = useSchemaForm<Shape>("academicProfile", actionData?.result, {
    defaultValue: loaderData.values,
  });
  const saving = navigation.state === "submitting" && navigation.formAction === PATH;
  const legend = "mb-2 text-xl font-semibold text-slate-900";
  return (
    <Page title={m.dashboard_academic_title()} intro={m.dashboard_ap_intro()}>
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} noValidate className="mt-4 grid max-w-3xl gap-8">
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className={legend}>{m.dashboard_ap_your_results()}</legend>
          <Field label="SSC GPA" field={fields.sscGpa} inputMode="decimal" {...score} hint={m.dashboard_ap_out_of_5()} />
          <Field label="HSC GPA" field={fields.hscGpa} inputMode="decimal" {...score} hint={m.dashboard_ap_out_of_5()} />
          <Field
            label={m.dashboard_ap_bachelor_cgpa()}
            field={fields.bachelorCgpa}
            inputMode="decimal"
            {...score}
            hint={m.dashboard_ap_out_of_4()}
          />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className={legend}>{m.dashboard_academic_english()}</legend>
          <SelectField
            label={m.dashboard_ap_ielts_overall()}
            field={fields.ieltsOverall}
            placeholder={m.dashboard_ap_no_ielts()}
            options={[...ieltsOverallBands].reverse().map((band) => ({ value: formatBand(band), label: bandText(band) }))}
          />
          <SelectField
            label={m.dashboard_ap_other_test()}
            field={fields.englishTest}
            placeholder={m.dashboard_ap_none()}
            options={otherEnglishTests}
          />
          <Field
            label={m.dashboard_ap_its_score()}
            field={fields.englishScore}
            inputMode="numeric"
            {...score}
            hint={m.dashboard_ap_score_hint()}
          />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className={legend}>{m.dashboard_ap_what_to_study()}</legend>
          <SelectField
            label={m.dashboard_ap_level()}
            field={fields.level}
            placeholder={m.dashboard_ap_not_decided()}
            options={studyLevels.map((level) => ({ value: level, label: studyLevelLabels[level]() }))}
          />
          <Field
            className="sm:col-span-2"
            label={m.dashboard_ap_subject()}
            field={fields.subject}
            autoComplete="off"
            maxLength={ACADEMIC_SUBJECT_MAX_LENGTH}
            hint={m.dashboard_ap_subject_hint()}
          />
        </fieldset>
        <CountryChoices field={fields.preferredCountries} />
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className={legend}>{m.dashboard_ap_budget()}</legend>
          <Field
            className="sm:col-span-2"
            label={m.dashboard_ap_budget_label()}
            field={fields.yearlyBudgetBdt}
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            hint={m.dashboard_ap_budget_hint()}
          />
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button size="lg" pending={saving}>
            {saving ? m.dashboard_ap_saving() : m.dashboard_ap_save()}
          </Button>
          <LinkButton href={localizedPath("/dashboard/profile")} variant="outline" size="lg">
            {m.dashboard_ap_back_to_profile()}
          </LinkButton>
        </div>
      </Form>
    </Page>
  );
}

/** The preferred countries: a box for each of the finder's countries, the message beside the group. */
function CountryChoices({ field }: { field: FieldMetadata<string[] | undefined> }) {
  const id = useId();
  const initial = field.initialValue;
  const chosen = new Set(Array.isArray(initial) ? initial : typeof initial === "string" ? [initial] : []);
  const error = field.errors?.[0];
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`} className="grid gap-2">
      <legend className="mb-2 text-xl font-semibold text-slate-900">{m.dashboard_ap_where()}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {m.dashboard_ap_where_hint()}
      </p>
      <div key={field.key} className="grid grid-cols-1 gap-x-4 gap-y-1 min-[360px]:grid-cols-2 sm:grid-cols-3">
        {preferredCountryChoices.map((country) => (
          <label key={country} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-1 hover:bg-slate-50">
            <input
              type="checkbox"
              name={field.name}
              value={country}
              defaultChecked={chosen.has(country)}
              aria-invalid={error ? true : undefined}
              className={cn("h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700", error ? "outline outline-red-700" : "")}
            />
            <span className="text-slate-900">{country}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.dashboard_ap_meta_title() }, { name: "robots", content: "noindex" }];
