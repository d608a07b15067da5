import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [{ title: "About Onward — Onward" }];

export default function AboutPage() {
  return (
    <Page title="About Onward">
      <NotYetAvailable what="About us" />
    </Page>
  );
}
