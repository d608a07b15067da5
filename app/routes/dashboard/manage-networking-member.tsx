import { requireRole } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { deleteMember } from "~/.server/networking/delete-member";
import { listMembers } from "~/.server/networking/list-members";
import { memberPhotoUrl } from "~/.server/networking/member-photo";
import { setMemberStatus } from "~/.server/networking/set-member-status";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { listHref, readQuery } from "~/.server/read-query";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { LIST_SEARCH_MAX_LENGTH, ListSearch } from "~/components/dashboard/list-search";
import { ConfirmedPost, StaffCardList } from "~/components/dashboard/staff-card-list";
import { Page } from "~/components/layout/page";
import { MemberHeading } from "~/components/networking/member-heading";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { parsePage } from "~/lib/pagination";
import { MemberButtonSchema } from "~/lib/schemas/networking";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/manage-networking-member";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.networkingMembers);
  const query = readQuery(request);
  const q = (query.get("q") ?? "").trim().slice(0, LIST_SEARCH_MAX_LENGTH);
  const list = await listMembers({ q, page: parsePage(query.get("page")) });
  return {
    ...list,
    items: list.items.map((member) => ({
      id: member.id,
      name: member.name,
      email: member.email,
      profession: member.profession,
      company: member.company,
      address: member.address,
      location: member.location,
      status: member.status,
      photoUrl: memberPhotoUrl(member.photo),
    })),
    q,
  };
}

const statusToasts = {
  Active: m.staff_member_activated,
  Inactive: m.staff_member_inactivated,
} as const;

/** A member's stored status (Active, Inactive) as people read it. */
const statusLabels = { Active: m.staff_active, Inactive: m.staff_inactive } as const;

/**
 * The card buttons post here: `id` and `status` (Active or Inactive) to toggle, `id` and
 * `intent=delete` to delete. The toast says so only after the change was made; a member that no
 * longer exists answers 404 with a message.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.networkingMembers);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  let text: string;
  try {
    const { id, intent, status } = parseButtons(formData, MemberButtonSchema);
    if (intent === "delete") {
      await deleteMember({ actor, id });
      text = m.staff_member_deleted();
    } else {
      // The schema asks for a status whenever the intent is not delete; the domain checks it again.
      const changed = await setMemberStatus({ actor, id, status: status ?? "" });
      text = statusToasts[changed]();
    }
  } catch (error) {
    throw replyWithError(error);
  }
  return redirectWithToast(listHref(request), { type: "success", text });
}

export default function ManageNetworkingMembersPage({ loaderData }: Route.ComponentProps) {
  const { items: members, total, page, pageCount, q } = loaderData;
  return (
    <Page title={m.staff_manage_members_title()}>
      <ListSearch
        q={q}
        label={m.staff_members_search()}
        placeholder={m.staff_name_or_email()}
        add={{ href: localizedPath("/dashboard/add-new-networking-member"), label: m.staff_add_member() }}
        count={{ total, one: m.staff_member_one(), many: m.staff_member_many() }}
      />
      <StaffCardList
        label={m.staff_networking_members()}
        items={members}
        layout="grid"
        details={(member) => (
          <>
            <MemberHeading photoUrl={member.photoUrl} name={member.name} detail={member.email} />
            <p className="mt-3 text-sm text-slate-700">
              <Badge tone={member.status === "Active" ? "success" : "neutral"} className="mr-2">
                {statusLabels[member.status]()}
              </Badge>
              {member.profession}, {member.company} · {member.address}, {member.location}
            </p>
          </>
        )}
        actions={(member) => (
          <>
            <LinkButton href={localizedPath(`/dashboard/networkings/${member.id}`)} size="sm" variant="outline">
              {m.staff_update()}
              <span className="sr-only"> {member.name}</span>
            </LinkButton>
            <ConfirmedPost
              question={member.status === "Active" ? m.staff_inactivate_member_question() : m.staff_activate_member_question()}
              fields={{ id: member.id, status: member.status === "Active" ? "Inactive" : "Active" }}
              variant="outline"
            >
              {member.status === "Active" ? m.staff_inactive() : m.staff_active()}
              <span className="sr-only"> {member.name}</span>
            </ConfirmedPost>
            <ConfirmedPost
              question={m.staff_delete_member_question()}
              fields={{ id: member.id }}
              variant="neutral"
              name="intent"
              value="delete"
            >
              {m.staff_delete()}
              <span className="sr-only"> {member.name}</span>
            </ConfirmedPost>
          </>
        )}
      />
      <Pager page={page} pageCount={pageCount} />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_manage_members_title() }) }];
