import { requireRole } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/my-appointments";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.myAppointments);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "My Appointments — Onward" }];

export default function MyAppointmentsPage() {
  return (
    <Page title="My Appointments">
      <NotYetAvailable what="Appointments" />
    </Page>
  );
}
