import { useNavigation } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { getMemberChoices } from "~/.server/networking/choices";
import { memberPhotoUrl } from "~/.server/networking/member-photo";
import { findMember } from "~/.server/networking/members";
import { updateMember } from "~/.server/networking/update-member";
import { MemberForm } from "~/components/dashboard/member-form";
import { Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { MemberFormSchema } from "~/lib/schemas/networking";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/networking-member";
import { handleUploadForm } from "./submit-upload-form.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The server accepts a photo-sized body here (MAX_BODY_KB elsewhere). */
export const handle: ServerRouteHandle = { maxBodyBytes: PHOTO_FORM_MAX_BYTES };

/** The member comes with the page (no spinner); an unknown id is the 404 page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.networkingMembers);
  const member = await findMember(params.id).catch((error: unknown) => {
    throw replyWithError(error);
  });
  return {
    member: {
      name: member.name,
      company: member.company,
      address: member.address,
      email: member.email,
      phone: member.phone,
      profession: member.profession,
      location: member.location,
      category: member.category,
      linkedin: member.linkedin ?? "",
      twitter: member.twitter ?? "",
      bookingUrl: member.bookingUrl ?? "",
    },
    photoUrl: memberPhotoUrl(member.photo),
    choices: await getMemberChoices(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.networkingMembers);
  const choices = await getMemberChoices();
  return handleUploadForm(request, {
    schema: MemberFormSchema,
    fileField: "profile",
    maxBytes: PHOTO_FORM_MAX_BYTES,
    save: ({ fields, file: photo }) => updateMember({ actor, id: params.id, fields, photo, choices }),
    successUrl: "/dashboard/manage-networking-member",
    successToast: { type: "success", text: m.staff_member_updated() },
  });
}

export default function NetworkingMemberPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <Page title={m.staff_edit_member_title()} intro={loaderData.member.name}>
      <MemberForm
        lastResult={actionData?.result}
        defaultValue={loaderData.member}
        choices={loaderData.choices}
        photoUrl={loaderData.photoUrl}
        saving={navigation.state === "submitting"}
        submitLabel={m.staff_save()}
      />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_edit_member_title() }) }];
