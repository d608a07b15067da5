import { requireRole } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/add-new-consultant";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.addConsultant);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Add Consultant — Onward" }];

export default function AddNewConsultantPage() {
  return (
    <Page title="Add Consultant">
      <NotYetAvailable what="Adding consultants" />
    </Page>
  );
}
