import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/country";

export const meta: Route.MetaFunction = () => [{ title: "Country guide — Onward" }];

export default function CountryPage() {
  return (
    <Page title="Country guide">
      <NotYetAvailable what="This country guide" />
    </Page>
  );
}
