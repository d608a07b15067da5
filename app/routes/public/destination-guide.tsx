import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/destination-guide";

export const meta: Route.MetaFunction = () => [{ title: "Study destination — Onward" }];

export default function DestinationGuidePage() {
  return (
    <Page title="Study destination">
      <NotYetAvailable what="This destination guide" />
    </Page>
  );
}
