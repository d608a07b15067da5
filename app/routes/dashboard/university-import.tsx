import { Form, useNavigation } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { Page } from "~/components/layout/page";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/field";
import { pageRoles } from "~/lib/dashboard-menu";
import type { ServerRouteHandle } from "~/lib/route-handle";
import {
  type ImportRowPlan,
  UNIVERSITY_IMPORT_BODY_MAX_BYTES,
  UNIVERSITY_IMPORT_MAX_BYTES,
  UNIVERSITY_IMPORT_MAX_ROWS,
  type UniversityImportReport,
} from "~/lib/university-import";
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
    <Page
      title="Import universities"
      intro="Add and update the catalogue from a spreadsheet, one row per university. Nothing is written unless every row is right."
    >
      <div className="grid max-w-4xl gap-6">
        <Card className="p-5">
          <h2 className="text-lg font-semibold text-slate-900">The file</h2>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-slate-700">
            <li>
              Start from the template (every column and one example row) or from an export of the catalogue, and save it as{" "}
              <strong>CSV UTF-8</strong>: at most {maxMb} MB and {UNIVERSITY_IMPORT_MAX_ROWS.toLocaleString("en")} rows.
            </li>
            <li>
              A row with a <code>slug</code> updates the university with that slug; without one, the university with the same name in the
              same country (in any case); otherwise it adds a university.
            </li>
            <li>
              <code>facilities</code>, <code>otherTests</code>, <code>intakes</code> and <code>scholarshipList</code> hold their lists as
              JSON, as the export writes them.
            </li>
            <li>
              The export puts a <code>'</code> before a cell starting with =, +, - or @, so that spreadsheets do not run it as a formula;
              the import takes it off again.
            </li>
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <LinkButton href="/dashboard/universities/import/template.csv" size="md" variant="outline" download>
              Download the template
            </LinkButton>
            <LinkButton href="/dashboard/universities/export.csv" size="md" variant="outline" download>
              Export the catalogue (CSV)
            </LinkButton>
          </div>
        </Card>

        <Card className="p-5">
          <Form method="post" encType="multipart/form-data" className="grid gap-4">
            <div>
              <label htmlFor="import-file" className="block text-sm font-semibold text-slate-800">
                CSV file
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
                CSV UTF-8, at most {maxMb} MB. Preview checks every row and writes nothing.
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button name="intent" value="preview" variant="secondary" pending={sending !== null}>
                {sending === "preview" ? "Checking…" : "Preview"}
              </Button>
              <Button name="intent" value="import" pending={sending !== null}>
                {sending === "import" ? "Importing…" : "Import"}
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
        {report ? (intent === "import" ? `${report.fileName} was not imported` : `Preview of ${report.fileName}`) : "Nothing was read"}
      </h2>
      {error ? <FormMessage>{error}</FormMessage> : null}
      {report ? <ReportDetails report={report} intent={intent} /> : null}
    </section>
  );
}

const rowWord = (count: number) => `${count.toLocaleString("en")} row${count === 1 ? "" : "s"}`;

function ReportDetails({ report, intent }: { report: UniversityImportReport; intent: ImportReply["intent"] }) {
  const { rows, added, updated, unchanged, problems, problemCount, planned } = report;
  const actions = `${added.toLocaleString("en")} to add, ${updated.toLocaleString("en")} to update, ${unchanged.toLocaleString("en")} unchanged.`;
  const clean = added + updated + unchanged;
  const counts =
    problemCount === 0
      ? `${rowWord(rows)}: ${actions}`
      : `${rowWord(rows)} read; of the ${clean.toLocaleString("en")} without problems, ${actions}`;
  return (
    <>
      <p className="text-slate-800">{counts}</p>
      {problemCount > 0 ? (
        <Card className="p-5">
          <FormMessage>
            {problemCount.toLocaleString("en")} problem{problemCount === 1 ? "" : "s"} in the file:{" "}
            {intent === "import" ? "nothing was written." : "nothing will be written until they are fixed."}
          </FormMessage>
          <ol className="mt-4 grid gap-2 text-sm" data-testid="import-problems" aria-label="Problems">
            {problems.map((problem) => (
              <li
                key={`${problem.line}-${problem.column}-${problem.message}`}
                className="rounded-md bg-red-50 px-3 py-2 break-words text-red-950"
              >
                <span className="font-semibold">{`Line ${problem.line}${problem.row !== problem.line ? ` (row ${problem.row})` : ""}`}</span>
                {problem.column ? (
                  <>
                    {", column "}
                    <code className="font-semibold">{problem.column}</code>
                  </>
                ) : null}
                {`: ${problem.message}`}
              </li>
            ))}
          </ol>
          {problemCount > problems.length ? (
            <p className="mt-3 text-sm text-slate-700">…and {(problemCount - problems.length).toLocaleString("en")} more.</p>
          ) : null}
        </Card>
      ) : (
        <FormMessage tone="success">
          No problems. Press Import to write it{intent === "preview" ? " (choose the file again first if the page reloaded)" : ""}.
        </FormMessage>
      )}
      {planned.length > 0 ? <PlannedRows planned={planned} more={added + updated + unchanged - planned.length} /> : null}
    </>
  );
}

const actionWords: Record<ImportRowPlan["action"], string> = { add: "Adds", update: "Updates", unchanged: "Unchanged" };

function PlannedRows({ planned, more }: { planned: ImportRowPlan[]; more: number }) {
  return (
    <Card className="p-5">
      <h3 className="font-semibold text-slate-900">Rows without problems</h3>
      <ul className="mt-3 grid gap-2 text-sm" aria-label="Rows without problems">
        {planned.map((row) => (
          <li key={row.line} className="flex flex-wrap gap-x-2 break-words text-slate-800">
            <span className="font-semibold">{`Line ${row.line}`}</span>
            <span className={row.action === "unchanged" ? "text-slate-600" : "font-semibold text-brand-800"}>
              {actionWords[row.action]}
            </span>
            <span>{`${row.name}, ${row.country}`}</span>
            <span className="text-slate-600">{row.slug ? `/university/${row.slug}` : "address made from its name"}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-3 text-sm text-slate-700">…and {more.toLocaleString("en")} more.</p> : null}
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Import universities — Onward" }];
