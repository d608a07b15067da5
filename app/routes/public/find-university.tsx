import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/find-university";

export const meta: Route.MetaFunction = () => [{ title: "Find Your Dream University — Onward" }];

export default function FindUniversityPage() {
  return (
    <Page title="Find Your Dream University">
      <NotYetAvailable what="The university finder" />
    </Page>
  );
}
