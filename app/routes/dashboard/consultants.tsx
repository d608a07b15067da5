import { requireRole } from "~/.server/auth/session";
import { consultantPhotoUrl } from "~/.server/consultants/consultants";
import { listConsultants } from "~/.server/consultants/list-consultants";
import { setConsultantActive } from "~/.server/consultants/set-consultant-active";
import { replyWithError } from "~/.server/errors";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { listHref, readQuery } from "~/.server/read-query";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { LIST_SEARCH_MAX_LENGTH, ListSearch } from "~/components/dashboard/list-search";
import { StaffCardList } from "~/components/dashboard/staff-card-list";
import { Page } from "~/components/layout/page";
import { MemberHeading } from "~/components/networking/member-heading";
import { Badge } from "~/components/ui/badge";
import { Button, LinkButton } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { useConfirmedSubmit } from "~/lib/confirm-first";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { ConsultantActiveSchema } from "~/lib/schemas/booking";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/consultants";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.consultants);
  const query = readQuery(request);
  const q = (query.get("q") ?? "").trim().slice(0, LIST_SEARCH_MAX_LENGTH);
  const list = await listConsultants({ q, page: parsePage(query.get("page")) });
  return { ...list, items: list.items.map(({ photo, ...consultant }) => ({ ...consultant, photoUrl: consultantPhotoUrl(photo) })), q };
}

/**
 * Each card's Deactivate or Activate button posts `consultant` and `active` ("true" or "false"). A
 * deactivated consultant disappears from booking; their bookings stay (theirs to settle, and on
 * their page here). The toast comes only after the change was made.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.consultants);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  let active: boolean;
  try {
    const buttons = parseButtons(formData, ConsultantActiveSchema);
    active = buttons.active === "true";
    await setConsultantActive({ actor, id: buttons.consultant, active });
  } catch (error) {
    throw replyWithError(error);
  }
  return redirectWithToast(listHref(request), {
    type: "success",
    text: active ? m.staff_consultant_activated() : m.staff_consultant_deactivated(),
  });
}

export default function ConsultantsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, q } = loaderData;
  const confirmed = useConfirmedSubmit();
  return (
    <Page title={m.staff_consultants_title()}>
      <ListSearch
        q={q}
        label={m.staff_consultants_search()}
        placeholder={m.staff_name_or_email()}
        add={{ href: localizedPath("/dashboard/add-new-consultant"), label: m.staff_add_consultant() }}
        count={{ total, one: m.staff_consultant_one(), many: m.staff_consultant_many() }}
      />
      <StaffCardList
        label={m.staff_consultants_title()}
        items={items}
        layout="grid"
        cardAttributes={(consultant) => ({ "data-active": consultant.active })}
        details={(consultant) => (
          <>
            <MemberHeading photoUrl={consultant.photoUrl} name={consultant.name} detail={consultant.email} />
            <p className="mt-3 text-sm text-slate-700">
              <Badge tone={consultant.active ? "success" : "neutral"} className="mr-2">
                {consultant.active ? m.staff_active() : m.staff_inactive()}
              </Badge>
              {profileSummary(consultant)}
            </p>
            {missingDetails(consultant).length > 0 ? (
              <p className="mt-1 text-sm text-slate-700">
                {m.staff_still_to_add({ details: missingDetails(consultant).join(m.staff_list_separator()) })}
              </p>
            ) : null}
            <p className="mt-1 text-sm text-slate-700">
              {consultant.liveBookings === 0
                ? m.staff_no_open_bookings()
                : m.staff_open_bookings_count({ count: consultant.liveBookings, countText: groupThousands(consultant.liveBookings) })}
            </p>
          </>
        )}
        actions={(consultant) => (
          <>
            <LinkButton href={localizedPath(`/dashboard/consultants/${consultant.id}`)} size="sm" variant="outline">
              {m.staff_edit()}
              <span className="sr-only"> {consultant.name}</span>
            </LinkButton>
            <form method="post" onSubmit={confirmed(consultant.active ? m.staff_deactivate_question() : m.staff_activate_question())}>
              <input type="hidden" name="consultant" value={consultant.id} />
              <input type="hidden" name="active" value={consultant.active ? "false" : "true"} />
              <Button size="sm" variant={consultant.active ? "neutral" : "outline"}>
                {consultant.active ? m.staff_deactivate() : m.staff_activate()}
                <span className="sr-only"> {consultant.name}</span>
              </Button>
            </form>
          </>
        )}
      />
      <Pager page={page} pageCount={pageCount} />
    </Page>
  );
}

type ProfileParts = { profession: string; university: string; country: string; photoUrl?: string };

/** "Adviser, University of Helsinki · Finland", leaving out what a profile made by create-user does not have yet. */
function profileSummary(consultant: ProfileParts): string {
  return [[consultant.profession, consultant.university].filter(Boolean).join(", "), consultant.country].filter(Boolean).join(" · ");
}

/** What a profile made by create-user still lacks, for the manager who completes it on Edit. */
function missingDetails(consultant: ProfileParts): string[] {
  const missing: [boolean, string][] = [
    [!consultant.photoUrl, m.staff_missing_picture()],
    [!consultant.profession, m.staff_missing_profession()],
    [!consultant.university, m.staff_missing_university()],
    [!consultant.country, m.staff_missing_country()],
  ];
  return missing.filter(([lacking]) => lacking).map(([, name]) => name);
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_consultants_title() }) }];
