import { requireRole } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/appointment-time";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.appointmentTime);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Appointment time — Onward" }];

export default function AppointmentTimePage() {
  return (
    <Page title="Appointment time">
      <NotYetAvailable what="Managing appointment slots" />
    </Page>
  );
}
