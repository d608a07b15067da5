import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/applications";

export const meta: Route.MetaFunction = () => [{ title: "Applications — Onward" }];

export default function ApplicationsPage() {
  return (
    <Page title="Applications">
      <NotYetAvailable what="The applications list" />
    </Page>
  );
}
