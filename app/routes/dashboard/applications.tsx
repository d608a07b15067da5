import { requireRole } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/applications";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.applications);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Applications — Onward" }];

export default function ApplicationsPage() {
  return (
    <Page title="Applications">
      <NotYetAvailable what="The applications list" />
    </Page>
  );
}
