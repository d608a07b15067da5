import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [{ title: "Contact us — Onward" }];

export default function ContactPage() {
  return (
    <Page title="Contact us">
      <NotYetAvailable what="The contact form" />
    </Page>
  );
}
