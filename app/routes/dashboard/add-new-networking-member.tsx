import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/add-new-networking-member";

export const meta: Route.MetaFunction = () => [{ title: "Add Networking Member — Onward" }];

export default function AddNewNetworkingMemberPage() {
  return (
    <Page title="Add Networking Member">
      <NotYetAvailable what="Adding networking members" />
    </Page>
  );
}
