import { useLocation, useNavigation } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { addMember } from "~/.server/networking/add-member";
import { getMemberChoices } from "~/.server/networking/choices";
import { MemberForm } from "~/components/dashboard/member-form";
import { Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { MemberFormSchema } from "~/lib/schemas/networking";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/add-new-networking-member";
import { handleUploadForm } from "./submit-upload-form.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The server accepts a photo-sized body here (MAX_BODY_KB elsewhere). */
export const handle: ServerRouteHandle = { maxBodyBytes: PHOTO_FORM_MAX_BYTES };

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.networkingMembers);
  return { choices: await getMemberChoices() };
}

/** Adds the member, then comes back here with an empty form and the toast. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.networkingMembers);
  const choices = await getMemberChoices();
  return handleUploadForm(request, {
    schema: MemberFormSchema,
    fileField: "profile",
    maxBytes: PHOTO_FORM_MAX_BYTES,
    save: ({ fields, file: photo }) => addMember({ actor, fields, photo, choices }),
    successUrl: "/dashboard/add-new-networking-member",
    successToast: { type: "success", text: m.staff_member_added() },
  });
}

export default function AddNewNetworkingMemberPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // A new location after each successful add: the form starts again, empty.
  const { key } = useLocation();
  return (
    <Page title={m.staff_add_member_title()} intro={m.staff_add_member_intro()}>
      <MemberForm
        key={key}
        lastResult={actionData?.result}
        choices={loaderData.choices}
        saving={navigation.state === "submitting"}
        submitLabel={m.staff_add_member()}
      />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_add_member_title() }) }];
