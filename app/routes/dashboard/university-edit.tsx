import { useNavigation } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { findUniversityById } from "~/.server/universities/find-university";
import { updateUniversity } from "~/.server/universities/update-university";
import { UniversityForm } from "~/components/dashboard/university-form";
import { Page } from "~/components/layout/page";
import { TextLink } from "~/components/ui/text-link";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { UNIVERSITY_FORM_MAX_BYTES, UniversityEditSchema } from "~/lib/schemas/universities";
import { facilitiesText, intakesText, otherTestsText, scholarshipListText } from "~/lib/schemas/university-lists";
import type { TuitionCurrency } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/university-edit";
import { handleUploadForm } from "./submit-upload-form.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The server accepts a logo-sized body here (MAX_BODY_KB elsewhere). */
export const handle: ServerRouteHandle = { maxBodyBytes: UNIVERSITY_FORM_MAX_BYTES };

const text = (value: number | null) => (value === null ? "" : String(value));

/** The university comes with the page, every field filled in; an unknown id is the 404 page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.addUniversity);
  const university = await findUniversityById(params.id).catch((error: unknown) => {
    throw replyWithError(error);
  });
  const scholarships = scholarshipListText(university.scholarshipList);
  return {
    university: {
      name: university.name,
      slug: university.slug,
      logo: university.logo ? `/${university.logo}` : null,
    },
    values: {
      universityName: university.name,
      countryName: university.country,
      universityLocation: university.city,
      universityType: university.type,
      coursesOffered: text(university.coursesOffered),
      examsAccepted: university.examsAccepted,
      firstYearTuitionFees: text(university.tuitionAmount),
      tuitionCurrency: (university.tuitionCurrency ?? "USD") as TuitionCurrency,
      noOfScholarship: text(university.scholarships),
      ielts: text(university.minimumIelts),
      tuitionYear: text(university.tuitionYear),
      tuitionSource: university.tuitionSource ?? "",
      ieltsBand: text(university.ieltsBand),
      ieltsYear: text(university.ieltsYear),
      ieltsSource: university.ieltsSource ?? "",
      mastersTuitionFees: text(university.mastersTuitionAmount),
      mastersTuitionCurrency: (university.mastersTuitionCurrency ?? university.tuitionCurrency ?? "USD") as TuitionCurrency,
      mastersTuitionYear: text(university.mastersTuitionYear),
      mastersTuitionSource: university.mastersTuitionSource ?? "",
      applicationFee: text(university.applicationFeeAmount),
      applicationFeeCurrency: (university.applicationFeeCurrency ?? university.tuitionCurrency ?? "USD") as TuitionCurrency,
      applicationFeeYear: text(university.applicationFeeYear),
      applicationFeeSource: university.applicationFeeSource ?? "",
      yearlyFees: text(university.yearlyFeesAmount),
      yearlyFeesCurrency: (university.yearlyFeesCurrency ?? university.tuitionCurrency ?? "USD") as TuitionCurrency,
      yearlyFeesYear: text(university.yearlyFeesYear),
      yearlyFeesSource: university.yearlyFeesSource ?? "",
      yearlyFeesLabel: university.yearlyFeesLabel ?? "",
      otherTests: otherTestsText(university.otherTests),
      otherTestsSource: university.otherTestsSource ?? "",
      intakes: intakesText(university.intakes),
      intakesYear: text(university.intakesYear),
      intakesSource: university.intakesSource ?? "",
      scholarshipList: scholarships.text,
      scholarshipsYear: text(scholarships.year),
      scholarshipsSource: scholarships.source ?? "",
      website: university.website ?? "",
      worldRanking: text(university.worldRanking),
      rankingYear: text(university.rankingYear),
      rankingSource: university.rankingSource ?? "",
      englishTaughtCourses: text(university.englishTaughtCourses),
      about: university.about,
      facilities: facilitiesText(university.facilities),
    },
  };
}

/** Saves every field (the logo only when a new one is chosen), then back to the list with the toast. */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.addUniversity);
  return handleUploadForm(request, {
    schema: UniversityEditSchema,
    fileField: "universityLogo",
    maxBytes: UNIVERSITY_FORM_MAX_BYTES,
    save: ({ fields, file: logo }) => updateUniversity({ actor, id: params.id, fields, logo }),
    successUrl: "/dashboard/universities",
    successToast: { type: "success", text: m.staff_university_updated() },
  });
}

export default function EditUniversityPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { university, values } = loaderData;
  return (
    <Page title={m.staff_edit_university_title()} intro={university.name}>
      <p className="text-sm text-slate-700">
        {m.staff_university_page_stays_before()}
        <TextLink href={localizedPath(`/university/${university.slug}`)}>/university/{university.slug}</TextLink>
        {m.staff_university_page_stays_after()}
      </p>
      <UniversityForm
        lastResult={actionData?.result}
        defaultValue={values}
        current={{ name: university.name, logo: university.logo }}
        saving={navigation.state === "submitting"}
        submitLabel={m.staff_save()}
      />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_edit_university_title() }) }];
