import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [{ title: "Terms of service — Onward" }];

export default function TermsPage() {
  return (
    <Page title="Terms of service">
      <NotYetAvailable what="Our terms of service" />
    </Page>
  );
}
