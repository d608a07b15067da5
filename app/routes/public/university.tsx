import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/university";

export const meta: Route.MetaFunction = () => [{ title: "University — Onward" }];

export default function UniversityPage() {
  return (
    <Page title="University">
      <NotYetAvailable what="University details" />
    </Page>
  );
}
