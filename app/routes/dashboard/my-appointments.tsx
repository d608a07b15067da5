import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/my-appointments";

export const meta: Route.MetaFunction = () => [{ title: "My Appointments — Onward" }];

export default function MyAppointmentsPage() {
  return (
    <Page title="My Appointments">
      <NotYetAvailable what="Appointments" />
    </Page>
  );
}
