import { listOwnApplications } from "~/.server/applications/list-applications";
import { requireUser } from "~/.server/auth/session";
import { readQuery } from "~/.server/read-query";
import { ApplicationCards } from "~/components/applications/application-cards";
import { Page } from "~/components/layout/page";
import { LinkButton } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { parsePage } from "~/lib/pagination";
import { plural } from "~/lib/plural";
import { serialize } from "~/lib/serialized";
import type { Route } from "./+types/my-applications";

/** The signed-in person's own applications with their status (a draft first, linking back to the form). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const list = await listOwnApplications({ applicantId: user.id, page: parsePage(readQuery(request).get("page")) });
  return {
    ...list,
    items: list.items.map((item) => ({
      ...serialize(item),
      href: item.status === "draft" ? "/apply" : `/dashboard/my-applications/${item.id}`,
    })),
  };
}

export default function MyApplicationsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount } = loaderData;
  return (
    <Page title="My Applications">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">{total === 0 ? "You have not applied yet." : `${plural(total, "application", "applications")}.`}</p>
        <LinkButton href="/apply" size="md" variant="secondary">
          {items.some((item) => item.status === "draft") ? "Continue applying" : "Apply"}
        </LinkButton>
      </div>
      <ApplicationCards items={items} />
      <Pager page={page} pageCount={pageCount} />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "My Applications — Onward" }];
