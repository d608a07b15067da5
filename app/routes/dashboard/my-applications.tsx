import { listOwnApplications } from "~/.server/applications/list-applications";
import { requireUser } from "~/.server/auth/session";
import { readQuery } from "~/.server/read-query";
import { ApplicationCards } from "~/components/applications/application-cards";
import { Page } from "~/components/layout/page";
import { LinkButton } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { serialize } from "~/lib/serialized";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/my-applications";

/** The signed-in person's own applications with their status (a draft first, linking back to the form). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const list = await listOwnApplications({ applicantId: user.id, page: parsePage(readQuery(request).get("page")) });
  return {
    ...list,
    items: list.items.map((item) => ({
      ...serialize(item),
      href: localizedPath(item.status === "draft" ? "/apply" : `/dashboard/my-applications/${item.id}`),
    })),
  };
}

export default function MyApplicationsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount } = loaderData;
  return (
    <Page title={m.dashboard_menu_my_applications()}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">
          {total === 0 ? m.dashboard_myapps_none() : m.dashboard_myapps_count({ count: total, countText: groupThousands(total) })}
        </p>
        <LinkButton href={localizedPath("/apply")} size="md" variant="secondary">
          {items.some((item) => item.status === "draft") ? m.dashboard_myapps_continue() : m.dashboard_home_step_apply()}
        </LinkButton>
      </div>
      <ApplicationCards items={items} />
      <Pager page={page} pageCount={pageCount} />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.dashboard_myapps_meta_title() }];
