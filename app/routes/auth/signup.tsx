import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = () => [{ title: "Sign up — Onward" }];

export default function SignupPage() {
  return (
    <Page title="Sign up">
      <NotYetAvailable what="Creating an account" />
    </Page>
  );
}
