import { requireRole } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/add-university";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.addUniversity);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Add University — Onward" }];

export default function AddUniversityPage() {
  return (
    <Page title="Add University">
      <NotYetAvailable what="Adding universities" />
    </Page>
  );
}
