import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/add-new-consultant";

export const meta: Route.MetaFunction = () => [{ title: "Add Consultant — Onward" }];

export default function AddNewConsultantPage() {
  return (
    <Page title="Add Consultant">
      <NotYetAvailable what="Adding consultants" />
    </Page>
  );
}
