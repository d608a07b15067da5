import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/appointment-time";

export const meta: Route.MetaFunction = () => [{ title: "Appointment time — Onward" }];

export default function AppointmentTimePage() {
  return (
    <Page title="Appointment time">
      <NotYetAvailable what="Managing appointment slots" />
    </Page>
  );
}
