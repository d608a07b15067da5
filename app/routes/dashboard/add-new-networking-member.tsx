import { requireRole } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/add-new-networking-member";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.networkingMembers);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Add Networking Member — Onward" }];

export default function AddNewNetworkingMemberPage() {
  return (
    <Page title="Add Networking Member">
      <NotYetAvailable what="Adding networking members" />
    </Page>
  );
}
