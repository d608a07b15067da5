import { z } from "zod";
import { AppError, CORRECT_THE_MARKED_FIELDS } from "~/.server/errors";
import { writeUniversityImport } from "~/.server/universities/import-universities";
import { pageRoles } from "~/lib/dashboard-menu";
import {
  importIntents,
  UNIVERSITY_IMPORT_MAX_BYTES,
  UNIVERSITY_IMPORT_MAX_ROWS,
  type UniversityImportReport,
} from "~/lib/university-import";
import { catalogueCsvResponse, catalogueTemplateResponse } from "../../dashboard/university-csv.server";
import { readImportUpload } from "../../dashboard/university-import.server";
import { defineOperation, type Operation } from "./operation.server";
import { NOT_A_FIELD } from "./respond.server";

const csv = ["text/csv; charset=utf-8"];
/** The API's refusal for a post without a CSV file (in English, as the whole API: ADR 033). */
const CHOOSE_A_FILE = "Choose a CSV file to preview or import.";

const ImportReportSchema = z.object({
  fileName: z.string(),
  /** Data rows read (not the header, not blank lines). */
  rows: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** `line` is the file's line the row starts on (the header is line 1), `row` the record's number, `column` the header's name for the cell. */
  problems: z.array(z.object({ line: z.number().int(), row: z.number().int(), column: z.string().nullable(), message: z.string() })),
  /** Every problem found; `problems` lists the first 1,000. */
  problemCount: z.number().int(),
  /** The first rows without problems, with what the import does (or would do) with each. */
  planned: z.array(
    z.object({
      line: z.number().int(),
      action: z.enum(["add", "update", "unchanged"]),
      name: z.string(),
      country: z.string(),
      slug: z.string().nullable(),
    }),
  ),
});

/** A refused import's problems as the envelope's fields, each by where it is: "line 3, column tuitionCurrency". */
function problemFields(report: UniversityImportReport): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { line, column, message } of report.problems) {
    const where = column ? `line ${line}, column ${column}` : `line ${line}`;
    fields[where] = fields[where] ? `${fields[where]} ${message}` : message;
  }
  return fields;
}

/** The catalogue as a file: the CSV export, its import (preview, then import) and the template. */
export const catalogueFileOperations: Operation[] = [
  defineOperation({
    id: "exportUniversities",
    method: "GET",
    path: "/universities/export.csv",
    tag: "Universities",
    summary: "The whole catalogue as CSV, in the import's format (staff)",
    description: "UTF-8, as an attachment named by the day; a cell starting with =, +, - or @ gets a ' before it (ADR 026).",
    access: pageRoles.addUniversity,
    returnsFile: true,
    fileTypes: csv,
    response: z.unknown(),
    async run() {
      return catalogueCsvResponse();
    },
  }),
  defineOperation({
    id: "getUniversityImportTemplate",
    method: "GET",
    path: "/universities/import/template.csv",
    tag: "Universities",
    summary: "The import's template: the header naming every column and one example row (managers)",
    access: pageRoles.importUniversities,
    returnsFile: true,
    fileTypes: csv,
    response: z.unknown(),
    async run() {
      return catalogueTemplateResponse();
    },
  }),
  defineOperation({
    id: "importUniversities",
    method: "POST",
    path: "/universities/import",
    tag: "Universities",
    summary: "Preview or import a CSV file of universities (managers)",
    description:
      "A multipart form with the CSV under `file` (CSV UTF-8, at most " +
      `${UNIVERSITY_IMPORT_MAX_BYTES / 1024 / 1024} MB and ${UNIVERSITY_IMPORT_MAX_ROWS.toLocaleString("en")} rows; 413 above it) and ` +
      "`intent` in the query. `preview` checks every row and writes nothing: its report lists each problem by line and column. " +
      "`import` writes every row or none: a file with any problem is a 400 whose `error.fields` name each problem by line and column. " +
      "A row with a `slug` updates that university; without one, the one with the same name in the same country; else it adds one.",
    access: pageRoles.importUniversities,
    query: z.object({ intent: z.enum(importIntents, { error: "Choose preview or import." }) }),
    takesFile: true,
    response: z.object({ intent: z.enum(importIntents), report: ImportReportSchema }),
    refusals: [409],
    async run({ request, query, user }) {
      const { plan, fields } = await readImportUpload(request);
      const others = [...new Set(fields.keys())];
      if (others.length > 0) {
        throw new AppError("INVALID", CORRECT_THE_MARKED_FIELDS, {
          fieldErrors: Object.fromEntries(others.map((name) => [name, NOT_A_FIELD])),
        });
      }
      if (!plan) throw new AppError("INVALID", CHOOSE_A_FILE, { fieldErrors: { file: CHOOSE_A_FILE } });
      if (query.intent === "preview") return { data: { intent: query.intent, report: plan.report } };
      const outcome = await writeUniversityImport({ actor: user, plan });
      const { report } = outcome;
      if (outcome.status === "refused") {
        const count = `${report.problemCount.toLocaleString("en")} problem${report.problemCount === 1 ? "" : "s"}`;
        throw new AppError("INVALID", `${count} in the file: nothing was written.`, { fieldErrors: problemFields(report) });
      }
      return { data: { intent: query.intent, report } };
    },
  }),
];
