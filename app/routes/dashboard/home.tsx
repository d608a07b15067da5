import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Onward" }];

export default function DashboardHomePage() {
  return (
    <Page title="Dashboard">
      <NotYetAvailable what="The dashboard overview" />
    </Page>
  );
}
