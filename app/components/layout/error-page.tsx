import { localizedPath } from "~/lib/locale";
import { formatDigits } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import { LinkButton } from "../ui/button";

type ErrorPageProps = {
  status: number;
  title: string;
  message: string;
  requestId?: string;
  /** Shown only in development. */
  details?: string;
};

/** The one page every error ends on: what happened, what to do, and the id support needs. */
export function ErrorPage({ status, title, message, requestId, details }: ErrorPageProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {m.forms_error_status({ status: formatDigits(status) })}
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      {requestId ? (
        <p className="mt-4 text-sm text-slate-600">
          {m.forms_error_request_id()} <code className="rounded bg-slate-100 px-1 py-0.5">{requestId}</code>
        </p>
      ) : null}
      <p className="mt-8">
        <LinkButton href={localizedPath("/")}>{m.forms_error_home()}</LinkButton>
      </p>
      {details ? <pre className="mt-8 overflow-auto rounded bg-slate-100 p-4 text-left text-xs">{details}</pre> : null}
    </section>
  );
}
