import { requireRole } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { listHref, readQuery } from "~/.server/read-query";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { deleteUniversity } from "~/.server/universities/delete-university";
import { listUniversities } from "~/.server/universities/list-universities";
import { LIST_SEARCH_MAX_LENGTH, ListSearch } from "~/components/dashboard/list-search";
import { ConfirmedPost, StaffCardList } from "~/components/dashboard/staff-card-list";
import { Page } from "~/components/layout/page";
import { LinkButton } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { UniversityLogo } from "~/components/universities/university-logo";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { parsePage } from "~/lib/pagination";
import { hasRole } from "~/lib/roles";
import { DeleteUniversitySchema } from "~/lib/schemas/universities";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/universities";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, pageRoles.addUniversity);
  const query = readQuery(request);
  const q = (query.get("q") ?? "").trim().slice(0, LIST_SEARCH_MAX_LENGTH);
  const list = await listUniversities({ q, page: parsePage(query.get("page")) });
  return {
    ...list,
    items: list.items.map((row) => ({ ...row, logo: row.logo ? `/${row.logo}` : null })),
    q,
    canImport: hasRole(user.role, pageRoles.importUniversities),
  };
}

/** Delete posts `id` and `intent=delete`; the toast comes only after the university is gone (404 if it already was). */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.addUniversity);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  let name: string;
  try {
    const { id } = parseButtons(formData, DeleteUniversitySchema);
    ({ name } = await deleteUniversity({ actor, id }));
  } catch (error) {
    throw replyWithError(error);
  }
  return redirectWithToast(listHref(request), {
    type: "success",
    text: m.staff_university_deleted({ name }),
  });
}

export default function UniversitiesPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, q, canImport } = loaderData;
  return (
    <Page title={m.staff_universities_title()}>
      <p className="mb-4 flex flex-wrap gap-3">
        {canImport ? (
          <LinkButton href={localizedPath("/dashboard/universities/import")} size="sm" variant="outline">
            {m.staff_import()}
          </LinkButton>
        ) : null}
        <LinkButton href="/dashboard/universities/export.csv" size="sm" variant="outline" download>
          {m.staff_export_csv()}
        </LinkButton>
      </p>
      <ListSearch
        q={q}
        label={m.staff_universities_search()}
        placeholder={m.staff_name_or_place()}
        add={{ href: localizedPath("/dashboard/add-university"), label: m.staff_add_university() }}
        count={{ total, one: m.staff_university_one(), many: m.staff_university_many() }}
      />
      <StaffCardList
        label={m.staff_universities_title()}
        items={items}
        layout="rows"
        details={(university) => (
          <div className="flex min-w-0 flex-1 items-center gap-4">
            <UniversityLogo name={university.name} src={university.logo} />
            <div className="min-w-0">
              <h2 className="font-semibold break-words text-slate-900">{university.name}</h2>
              <p className="text-sm text-slate-700">
                {university.city}, {university.country} · {university.type}
              </p>
            </div>
          </div>
        )}
        actions={(university) => (
          <>
            <LinkButton href={localizedPath(`/university/${university.slug}`)} size="sm" variant="outline">
              {m.staff_view()}
              <span className="sr-only"> {university.name}</span>
            </LinkButton>
            <LinkButton href={localizedPath(`/dashboard/universities/${university.id}`)} size="sm" variant="outline">
              {m.staff_edit()}
              <span className="sr-only"> {university.name}</span>
            </LinkButton>
            <ConfirmedPost
              question={m.staff_delete_university_question({ name: university.name })}
              fields={{ id: university.id }}
              variant="neutral"
              name="intent"
              value="delete"
            >
              {m.staff_delete()}
              <span className="sr-only"> {university.name}</span>
            </ConfirmedPost>
          </>
        )}
      />
      <Pager page={page} pageCount={pageCount} />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_universities_title() }) }];
