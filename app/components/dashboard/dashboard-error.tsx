import { isRouteErrorResponse } from "react-router";

/** What a dashboard page that failed says, inside the dashboard's frame. */
export function dashboardErrorCopy(error: unknown): { status: number; title: string; message: string; showRequestId: boolean } {
  if (isRouteErrorResponse(error)) {
    // A refusal's own words ("Only an admin can …") say more than the generic line.
    const said = typeof error.data === "string" && error.data ? error.data : null;
    if (error.status === 403)
      return {
        status: 403,
        title: "Not allowed",
        message: said ?? "Your account does not have access to this page.",
        showRequestId: false,
      };
    if (error.status === 404)
      return { status: 404, title: "Not found", message: said ?? "We could not find that page.", showRequestId: false };
    if (error.status < 500) {
      return { status: error.status, title: "That did not work", message: String(error.data || error.statusText), showRequestId: false };
    }
  }
  return {
    status: isRouteErrorResponse(error) ? error.status : 500,
    title: "Something went wrong",
    message: "Something went wrong, please try again later. If it keeps happening, contact us and mention the request id below.",
    showRequestId: true,
  };
}

/** A failed dashboard page's message, with a way back to the overview. */
export function DashboardError({ error, requestId }: { error: unknown; requestId?: string | undefined }) {
  const copy = dashboardErrorCopy(error);
  return (
    <section className="rounded-lg border border-slate-200 p-6" aria-labelledby="dashboard-error-title">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Error {copy.status}</p>
      <h1 id="dashboard-error-title" className="mt-2 text-2xl font-bold text-slate-900">
        {copy.title}
      </h1>
      <p className="mt-3 text-slate-700">{copy.message}</p>
      {copy.showRequestId && requestId ? (
        <p className="mt-3 text-sm text-slate-600">
          Request id: <code className="rounded bg-slate-100 px-1 py-0.5">{requestId}</code>
        </p>
      ) : null}
      <p className="mt-6">
        <a href="/dashboard" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Back to the dashboard overview
        </a>
      </p>
    </section>
  );
}
