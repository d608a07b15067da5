import { useLocation, useNavigation } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { addUniversity } from "~/.server/universities/add-university";
import { UniversityForm } from "~/components/dashboard/university-form";
import { Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { UNIVERSITY_FORM_MAX_BYTES, UniversityFormSchema } from "~/lib/schemas/universities";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/add-university";
import { handleUploadForm } from "./submit-upload-form.server";

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
  return handleUploadForm(request, {
    schema: UniversityFormSchema,
    fileField: "universityLogo",
    maxBytes: UNIVERSITY_FORM_MAX_BYTES,
    save: ({ fields, file: logo }) => addUniversity({ actor, fields, logo }),
    successUrl: "/dashboard/add-university",
    successToast: { type: "success", text: m.staff_university_added() },
  });
}

export default function AddUniversityPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // A new location after each successful add: the form starts again, empty.
  const { key } = useLocation();
  return (
    <Page title={m.staff_add_university_title()} intro={m.staff_add_university_intro()}>
      <UniversityForm
        id={`add-university-${key}`}
        lastResult={actionData?.result}
        saving={navigation.state === "submitting"}
        submitLabel={m.staff_add_university()}
      />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_add_university_title() }) }];
