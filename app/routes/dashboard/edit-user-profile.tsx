import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/edit-user-profile";

export const meta: Route.MetaFunction = () => [{ title: "Edit profile — Onward" }];

export default function EditUserProfilePage() {
  return (
    <Page title="Edit profile">
      <NotYetAvailable what="Editing a profile" />
    </Page>
  );
}
