import { Outlet } from "react-router";
import { unreadMessageCount } from "~/.server/applications/messages";
import { requireUser } from "~/.server/auth/session";
import { isAlsoConsultant } from "~/.server/consultants/require-consultant";
import { DashboardError } from "~/components/dashboard/dashboard-error";
import { DashboardShell } from "~/components/dashboard/shell";
import { ErrorPage } from "~/components/layout/error-page";
import { useDatabaseUnavailable, useRequestId } from "~/components/layout/request-info";
import { menuFor, threadsPage } from "~/lib/dashboard-menu";
import { errorCopy } from "~/lib/error-copy";
import type { Route } from "./+types/layout";

/** Every dashboard page needs a signed-in person; each page also checks its own roles. The menu counts unread messages. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const threads = threadsPage(user.role);
  const unread = await unreadMessageCount(user, threads.as);
  const menu = menuFor(user.role, { consultantProfile: isAlsoConsultant(user) }).map((entry) =>
    entry.to === threads.to && unread > 0 ? { ...entry, unread } : entry,
  );
  return { menu, name: user.name, role: user.role };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell {...loaderData}>
      <Outlet />
    </DashboardShell>
  );
}

/**
 * A page's 403, 404 or 500 inside the dashboard's frame, so the menu stays to go elsewhere.
 * When the layout's own loader failed there is no frame to keep: the plain error page.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const requestId = useRequestId();
  const databaseUnavailable = useDatabaseUnavailable();
  if (!loaderData) {
    const copy = errorCopy(error, "dashboard", databaseUnavailable);
    return (
      <ErrorPage status={copy.status} title={copy.title} message={copy.message} requestId={copy.showRequestId ? requestId : undefined} />
    );
  }
  return (
    <DashboardShell {...loaderData}>
      <DashboardError error={error} requestId={requestId} />
    </DashboardShell>
  );
}
