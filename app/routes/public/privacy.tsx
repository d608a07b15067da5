import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [{ title: "Privacy — Onward" }];

export default function PrivacyPage() {
  return (
    <Page title="Privacy">
      <NotYetAvailable what="Our privacy notice" />
    </Page>
  );
}
