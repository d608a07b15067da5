import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/ielts-details";

export const meta: Route.MetaFunction = () => [{ title: "IELTS preparation — Onward" }];

export default function IeltsDetailsPage() {
  return (
    <Page title="IELTS preparation">
      <NotYetAvailable what="The IELTS programme page" />
    </Page>
  );
}
