import { getFormProps } from "@conform-to/react";
import { data, Form, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { requireRole } from "~/.server/auth/session";
import { isAppError, replyWithError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import { readForm } from "~/.server/read-form";
import { type FormReply, formResult, invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { addUniversity } from "~/.server/universities/add-university";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Field, FormMessage, SelectField, TextAreaField } from "~/components/ui/field";
import { SOMETHING_WENT_WRONG } from "~/lib/contact-form";
import { pageRoles } from "~/lib/dashboard-menu";
import type { ServerRouteHandle } from "~/lib/route-handle";
import {
  UNIVERSITY_ABOUT_MAX_LENGTH,
  UNIVERSITY_FORM_MAX_BYTES,
  type UniversityFormBrowserSchema,
  UniversityFormSchema,
} from "~/lib/schemas/universities";
import { ieltsBands, tuitionCurrencies, universityTypes } from "~/lib/universities";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { Route } from "./+types/add-university";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The server accepts a logo-sized body here (MAX_BODY_KB elsewhere). */
export const handle: ServerRouteHandle = { maxBodyBytes: UNIVERSITY_FORM_MAX_BYTES };

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.addUniversity);
  return null;
}

/** Adds the university, then comes back here with an empty form and the toast; a refusal keeps every value. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.addUniversity);
  let formData: FormData;
  try {
    formData = await readForm(request, UNIVERSITY_FORM_MAX_BYTES);
  } catch (error) {
    return replyWithError(error, (refusal) => ({ result: { status: "error", error: { universityLogo: [refusal.message] } } }) as FormReply);
  }
  const submission = parseSubmission(formData, UniversityFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, UniversityFormSchema);
  const file = formData.get("universityLogo");
  try {
    await addUniversity({
      actor,
      fields: submission.value,
      logo: file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null,
    });
  } catch (error) {
    if (isAppError(error)) return refusedSubmission(submission, UniversityFormSchema, error);
    logger.error({ err: error }, "adding a university failed");
    return data<FormReply>(
      { result: formResult(submission, UniversityFormSchema, { formErrors: [SOMETHING_WENT_WRONG] }) },
      { status: 500 },
    );
  }
  return redirectWithToast(
    "/dashboard/add-university",
    { type: "success", text: "Successfully added new university data" },
    { status: 303 },
  );
}

export default function AddUniversityPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // A new location after each successful add: the form starts again, empty.
  const { key } = useLocation();
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof UniversityFormBrowserSchema>>("university", actionData?.result, {
    id: `add-university-${key}`,
  });
  return (
    <Page
      title="Add University"
      intro="A university for the finder and its own page. Every field up to the minimum IELTS is required, the logo too."
    >
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        {...loadValidation}
        noValidate
        className="mt-4 grid max-w-3xl gap-4 sm:grid-cols-2"
      >
        <Field label="University name" field={fields.universityName} required autoComplete="off" />
        <Field label="Country" field={fields.countryName} required hint="As the finder shows it, for example United Kingdom" />
        <Field label="Location" field={fields.universityLocation} required hint="City, and region where it helps" />
        <SelectField label="Type" field={fields.universityType} options={universityTypes} placeholder="Choose…" required />
        <Field label="Courses offered" field={fields.coursesOffered} required inputMode="numeric" />
        <Field label="Exams accepted" field={fields.examsAccepted} required hint="For example IELTS, TOEFL iBT" />
        <Field label="First-year tuition" field={fields.firstYearTuitionFees} required inputMode="numeric" hint="A whole amount" />
        <SelectField label="Tuition currency" field={fields.tuitionCurrency} options={tuitionCurrencies} fallback="USD" />
        <Field label="Scholarships" field={fields.noOfScholarship} required inputMode="numeric" hint="How many; 0 if none" />
        <SelectField
          label="Minimum IELTS"
          field={fields.ielts}
          options={ieltsBands.map((band) => ({ value: String(band), label: band.toFixed(1) }))}
          placeholder="Choose…"
          required
        />
        <Field
          className="sm:col-span-2"
          label="Logo"
          field={fields.universityLogo}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          required
          hint="JPEG, PNG or WebP, at most 2 MB"
        />
        <Field label="Website" field={fields.website} type="url" inputMode="url" placeholder="https://" hint="Optional" />
        <Field label="World ranking" field={fields.worldRanking} inputMode="numeric" hint="Optional" />
        <Field label="English-taught courses" field={fields.englishTaughtCourses} inputMode="numeric" hint="Optional" />
        <TextAreaField
          className="sm:col-span-2"
          label="About"
          field={fields.about}
          rows={4}
          maxLength={UNIVERSITY_ABOUT_MAX_LENGTH}
          hint="Optional: a few sentences on the university"
        />
        <TextAreaField
          className="sm:col-span-2"
          label="Campus facilities"
          field={fields.facilities}
          rows={4}
          hint="Optional: one per line"
        />
        <div className="sm:col-span-2">
          <Button pending={navigation.state === "submitting"}>{navigation.state === "submitting" ? "Saving…" : "Add university"}</Button>
        </div>
      </Form>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Add University — Onward" }];
