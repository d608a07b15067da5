import { requireUser } from "~/.server/auth/session";
import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/networking";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Networking — Onward" }];

export default function NetworkingPage() {
  return (
    <Page title="Networking">
      <NotYetAvailable what="The networking directory" />
    </Page>
  );
}
