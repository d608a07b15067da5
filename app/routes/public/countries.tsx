import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/countries";

export const meta: Route.MetaFunction = () => [{ title: "Countries — Onward" }];

export default function CountriesPage() {
  return (
    <Page title="Countries">
      <NotYetAvailable what="The country guides" />
    </Page>
  );
}
