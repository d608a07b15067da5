import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/networking-member";

export const meta: Route.MetaFunction = () => [{ title: "Edit Networking Member — Onward" }];

export default function NetworkingMemberPage() {
  return (
    <Page title="Edit Networking Member">
      <NotYetAvailable what="Editing networking members" />
    </Page>
  );
}
