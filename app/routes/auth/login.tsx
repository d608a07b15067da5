import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Log in — Onward" }];

export default function LoginPage() {
  return (
    <Page title="Log in">
      <NotYetAvailable what="Signing in" />
    </Page>
  );
}
