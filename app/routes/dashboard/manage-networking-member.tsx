import { requireRole } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/manage-networking-member";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.networkingMembers);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Manage Networking Members — Onward" }];

export default function ManageNetworkingMemberPage() {
  return (
    <Page title="Manage Networking Members">
      <NotYetAvailable what="Managing networking members" />
    </Page>
  );
}
