import { requireRole } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/application";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.applications);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Application — Onward" }];

export default function ApplicationPage() {
  return (
    <Page title="Application">
      <NotYetAvailable what="The application detail" />
    </Page>
  );
}
