import { requireRole } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/networking-member";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.networkingMembers);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Edit Networking Member — Onward" }];

export default function NetworkingMemberPage() {
  return (
    <Page title="Edit Networking Member">
      <NotYetAvailable what="Editing networking members" />
    </Page>
  );
}
