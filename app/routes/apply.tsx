import { requireUser } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/apply";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Apply — Onward" }];

export default function ApplyPage() {
  return (
    <Page title="Apply">
      <NotYetAvailable what="The application form" />
    </Page>
  );
}
