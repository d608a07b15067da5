import { useLocation, useNavigation } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { addConsultant } from "~/.server/consultants/add-consultant";
import { ConsultantForm } from "~/components/booking/consultant-form";
import { Page } from "~/components/layout/page";
import { TextLink } from "~/components/ui/text-link";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { ConsultantFormSchema } from "~/lib/schemas/booking";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/add-new-consultant";
import { handleUploadForm } from "./submit-upload-form.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The server accepts a picture-sized body here (MAX_BODY_KB elsewhere). */
export const handle: ServerRouteHandle = { maxBodyBytes: PHOTO_FORM_MAX_BYTES };

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.addConsultant);
  return null;
}

/** Adds the consultant (and their account, when they have none), then comes back here with an empty form and the toast. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.addConsultant);
  return handleUploadForm(request, {
    schema: ConsultantFormSchema,
    fileField: "profile",
    maxBytes: PHOTO_FORM_MAX_BYTES,
    save: ({ fields, file: picture }) => addConsultant({ actor, fields, picture }),
    successUrl: "/dashboard/add-new-consultant",
    successToast: { type: "success", text: m.staff_consultant_added() },
  });
}

export default function AddNewConsultantPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // A new location after each successful add: the form starts again, empty.
  const { key } = useLocation();
  return (
    <Page title={m.staff_add_consultant_title()} intro={m.staff_add_consultant_intro()}>
      <ConsultantForm
        key={key}
        lastResult={actionData?.result}
        saving={navigation.state === "submitting"}
        submitLabel={m.staff_add_consultant()}
      />
      <p className="mt-6 text-sm text-slate-700">
        <TextLink href={localizedPath("/dashboard/consultants")}>{m.staff_see_every_consultant()}</TextLink>
      </p>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_add_consultant_title() }) }];
