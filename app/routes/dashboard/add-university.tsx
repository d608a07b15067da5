import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/add-university";

export const meta: Route.MetaFunction = () => [{ title: "Add University — Onward" }];

export default function AddUniversityPage() {
  return (
    <Page title="Add University">
      <NotYetAvailable what="Adding universities" />
    </Page>
  );
}
