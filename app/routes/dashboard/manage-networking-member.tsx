import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/manage-networking-member";

export const meta: Route.MetaFunction = () => [{ title: "Manage Networking Members — Onward" }];

export default function ManageNetworkingMemberPage() {
  return (
    <Page title="Manage Networking Members">
      <NotYetAvailable what="Managing networking members" />
    </Page>
  );
}
