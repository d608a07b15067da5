import { requireUser } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/book-appointment";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Book Appointment — Onward" }];

export default function BookAppointmentPage() {
  return (
    <Page title="Book Appointment">
      <NotYetAvailable what="Booking a consultant" />
    </Page>
  );
}
