import { Form, useNavigation } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { Page } from "~/components/layout/page";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/field";
import { pageRoles } from "~/lib/dashboard-menu";
import { formatDigits, groupThousands } from "~/lib/numbers";
import type { ServerRouteHandle } from "~/lib/route-handle";
import {
  type ImportRowPlan,
  UNIVERSITY_IMPORT_BODY_MAX_BYTES,
  UNIVERSITY_IMPORT_MAX_BYTES,
  UNIVERSITY_IMPORT_MAX_ROWS,
  type UniversityImportReport,
} from "~/lib/university-import";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/university-import";
import { handleUniversityImport, type ImportReply } from "./university-import.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The server takes a file of up to 20 MB here (MAX_BODY_KB elsewhere); more is a 413 before the action runs. */
export const handle: ServerRouteHandle = { maxBodyBytes: UNIVERSITY_IMPORT_BODY_MAX_BYTES };

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.importUniversities);
  return null;
}

/** `file` and `intent`: a preview lists every problem and writes nothing; an import writes all rows or none (ADR 026). */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.importUniversities);
  return handleUniversityImport(request, actor);
}

const maxMb = UNIVERSITY_IMPORT_MAX_BYTES / 1024 / 1024;

export default function UniversityImportPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const reply = actionData as ImportReply | undefined;
  return (
    <Page title={m.staff_import_title()} intro={m.staff_import_intro()}>
      <div className="grid max-w-4xl gap-6">
        <Card className="p-5">
          <h2 className="text-lg font-semibold text-slate-900">{m.staff_import_file_heading()}</h2>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-slate-700">
            <li>
              {m.staff_import_rule_template_before()}
              <strong>CSV UTF-8</strong>
              {m.staff_import_rule_template_after({ maxMb: formatDigits(maxMb), maxRows: groupThousands(UNIVERSITY_IMPORT_MAX_ROWS) })}
            </li>
            <li>
              {m.staff_import_rule_slug_before()}
              <code>slug</code>
              {m.staff_import_rule_slug_after()}
            </li>
            <li>
              <code>facilities</code>, <code>otherTests</code>, <code>intakes</code>
              {m.staff_import_and()}
              <code>scholarshipList</code>
              {m.staff_import_rule_json_after()}
            </li>
            <li>
              {m.staff_import_rule_quote_before()}
              <code>'</code>
              {m.staff_import_rule_quote_after()}
            </li>
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <LinkButton href="/dashboard/universities/import/template.csv" size="md" variant="outline" download>
              {m.staff_import_download_template()}
            </LinkButton>
            <LinkButton href="/dashboard/universities/export.csv" size="md" variant="outline" download>
              {m.staff_import_export_catalogue()}
            </LinkButton>
          </div>
        </Card>

        <Card className="p-5">
          <Form method="post" encType="multipart/form-data" className="grid gap-4">
            <div>
              <label htmlFor="import-file" className="block text-sm font-semibold text-slate-800">
                {m.staff_import_csv_file()}
              </label>
              <input
                id="import-file"
                name="file"
                type="file"
                accept=".csv,text/csv"
                required
                aria-describedby="import-file-hint"
                className="mt-1 block w-full max-w-full rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900"
              />
              <p id="import-file-hint" className="mt-1 text-sm text-slate-600">
                {m.staff_import_file_hint({ maxMb: formatDigits(maxMb) })}
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button name="intent" value="preview" variant="secondary" pending={sending !== null}>
                {sending === "preview" ? m.staff_import_checking() : m.staff_import_preview()}
              </Button>
              <Button name="intent" value="import" pending={sending !== null}>
                {sending === "import" ? m.staff_import_importing() : m.staff_import()}
              </Button>
            </div>
          </Form>
        </Card>

        {reply ? <ImportResult reply={reply} /> : null}
      </div>
    </Page>
  );
}

function ImportResult({ reply }: { reply: ImportReply }) {
  const { report, intent, error } = reply;
  return (
    <section aria-labelledby="import-result" className="grid gap-4">
      <h2 id="import-result" className="text-xl font-semibold text-slate-900">
        {report
          ? intent === "import"
            ? m.staff_import_not_imported({ fileName: report.fileName })
            : m.staff_import_preview_of({ fileName: report.fileName })
          : m.staff_import_nothing_read()}
      </h2>
      {error ? <FormMessage>{error}</FormMessage> : null}
      {report ? <ReportDetails report={report} intent={intent} /> : null}
    </section>
  );
}

const rowWord = (count: number) => m.staff_import_rows({ count, countText: groupThousands(count) });

function ReportDetails({ report, intent }: { report: UniversityImportReport; intent: ImportReply["intent"] }) {
  const { rows, added, updated, unchanged, problems, problemCount, planned } = report;
  const actions = m.staff_import_actions({
    added: groupThousands(added),
    updated: groupThousands(updated),
    unchanged: groupThousands(unchanged),
  });
  const clean = added + updated + unchanged;
  const counts =
    problemCount === 0
      ? m.staff_import_counts({ rows: rowWord(rows), actions })
      : m.staff_import_counts_problems({ rows: rowWord(rows), clean: groupThousands(clean), actions });
  return (
    <>
      <p className="text-slate-800">{counts}</p>
      {problemCount > 0 ? (
        <Card className="p-5">
          <FormMessage>
            {m.staff_import_problems({ count: problemCount, countText: groupThousands(problemCount) })}{" "}
            {intent === "import" ? m.staff_import_nothing_written() : m.staff_import_nothing_until_fixed()}
          </FormMessage>
          <ol className="mt-4 grid gap-2 text-sm" data-testid="import-problems" aria-label={m.staff_import_problems_label()}>
            {problems.map((problem) => (
              <li
                key={`${problem.line}-${problem.column}-${problem.message}`}
                className="rounded-md bg-red-50 px-3 py-2 break-words text-red-950"
              >
                <span className="font-semibold">
                  {problem.row !== problem.line
                    ? m.staff_import_line_row({ line: formatDigits(problem.line), row: formatDigits(problem.row) })
                    : m.staff_import_line({ line: formatDigits(problem.line) })}
                </span>
                {problem.column ? (
                  <>
                    {m.staff_import_column()}
                    <code className="font-semibold">{problem.column}</code>
                  </>
                ) : null}
                {`: ${problem.message}`}
              </li>
            ))}
          </ol>
          {problemCount > problems.length ? (
            <p className="mt-3 text-sm text-slate-700">{m.staff_import_more({ count: groupThousands(problemCount - problems.length) })}</p>
          ) : null}
        </Card>
      ) : (
        <FormMessage tone="success">
          {intent === "preview" ? m.staff_import_no_problems_preview() : m.staff_import_no_problems()}
        </FormMessage>
      )}
      {planned.length > 0 ? <PlannedRows planned={planned} more={added + updated + unchanged - planned.length} /> : null}
    </>
  );
}

const actionWords: Record<ImportRowPlan["action"], () => string> = {
  add: m.staff_import_adds,
  update: m.staff_import_updates,
  unchanged: m.staff_import_unchanged,
};

function PlannedRows({ planned, more }: { planned: ImportRowPlan[]; more: number }) {
  return (
    <Card className="p-5">
      <h3 className="font-semibold text-slate-900">{m.staff_import_rows_ok()}</h3>
      <ul className="mt-3 grid gap-2 text-sm" aria-label={m.staff_import_rows_ok()}>
        {planned.map((row) => (
          <li key={row.line} className="flex flex-wrap gap-x-2 break-words text-slate-800">
            <span className="font-semibold">{m.staff_import_line({ line: formatDigits(row.line) })}</span>
            <span className={row.action === "unchanged" ? "text-slate-600" : "font-semibold text-brand-800"}>
              {actionWords[row.action]()}
            </span>
            <span>{`${row.name}, ${row.country}`}</span>
            <span className="text-slate-600">{row.slug ? `/university/${row.slug}` : m.staff_import_address_from_name()}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-3 text-sm text-slate-700">{m.staff_import_more({ count: groupThousands(more) })}</p> : null}
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_import_title() }) }];
