import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/apply";

export const meta: Route.MetaFunction = () => [{ title: "Apply — Onward" }];

export default function ApplyPage() {
  return (
    <Page title="Apply">
      <NotYetAvailable what="The application form" />
    </Page>
  );
}
