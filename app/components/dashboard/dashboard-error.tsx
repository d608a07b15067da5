import { errorCopy } from "~/lib/error-copy";
import { localizedPath } from "~/lib/locale";
import { formatDigits } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import { useDatabaseUnavailable } from "../layout/request-info";
import { TextLink } from "../ui/text-link";

/** A failed dashboard page's message, with a way back to the overview. */
export function DashboardError({ error, requestId }: { error: unknown; requestId?: string | undefined }) {
  const copy = errorCopy(error, "dashboard", useDatabaseUnavailable());
  return (
    <section className="rounded-lg border border-slate-200 p-6" aria-labelledby="dashboard-error-title">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {`${m.dashboard_error_word()} `}
        {formatDigits(copy.status)}
      </p>
      <h1 id="dashboard-error-title" className="mt-2 text-2xl font-bold text-slate-900">
        {copy.title}
      </h1>
      <p className="mt-3 text-slate-700">{copy.message}</p>
      {copy.showRequestId && requestId ? (
        <p className="mt-3 text-sm text-slate-600">
          {m.forms_error_request_id()} <code className="rounded bg-slate-100 px-1 py-0.5">{requestId}</code>
        </p>
      ) : null}
      <p className="mt-6">
        <TextLink href={localizedPath("/dashboard")} className="underline-offset-2 hover:text-brand-900">
          {m.dashboard_error_back()}
        </TextLink>
      </p>
    </section>
  );
}
