import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Profile — Onward" }];

export default function ProfilePage() {
  return (
    <Page title="Profile">
      <NotYetAvailable what="Your profile" />
    </Page>
  );
}
