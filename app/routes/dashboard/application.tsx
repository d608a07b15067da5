import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/application";

export const meta: Route.MetaFunction = () => [{ title: "Application — Onward" }];

export default function ApplicationPage() {
  return (
    <Page title="Application">
      <NotYetAvailable what="The application detail" />
    </Page>
  );
}
