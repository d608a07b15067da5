import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/user-management";

export const meta: Route.MetaFunction = () => [{ title: "User Management — Onward" }];

export default function UserManagementPage() {
  return (
    <Page title="User Management">
      <NotYetAvailable what="User management" />
    </Page>
  );
}
