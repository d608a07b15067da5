import { randomUUID } from "node:crypto";
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { formatDigits, groupThousands } from "~/lib/numbers";
import { parseForm } from "~/lib/schemas/parse-form";
import { type UniversityEditFields, UniversityEditSchema } from "~/lib/schemas/universities";
import { tuitionCurrencies } from "~/lib/universities";
import {
  type ImportRowPlan,
  UNIVERSITY_IMPORT_MAX_BYTES,
  UNIVERSITY_IMPORT_MAX_LISTED_PROBLEMS,
  UNIVERSITY_IMPORT_MAX_LISTED_ROWS,
  UNIVERSITY_IMPORT_MAX_ROWS,
  type UniversityImportReport,
} from "~/lib/university-import";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { notifyContentChanged } from "../content-changes";
import { CsvError, type CsvRecord, readCsv, restoreFormula } from "../csv";
import { db } from "../db";
import { universities } from "../db/schema";
import { AppError, isAppError } from "../errors";
import { recordAuditEvent } from "../users/audit";
import { slugify } from "./add-university";
import { catalogueChanged } from "./catalogue-cache";
import type { University } from "./schema";
import { currencyOfAmount, formFieldOfColumn, type UniversityCsvColumn, universityCsvColumns } from "./university-csv";
import { assertBandFits, figureProvenance, formColumns } from "./university-form-values";

/**
 * The university CSV import (ADR 026). The file is read as it streams in; each row is judged by the
 * staff form's own schema (its cells put in the form's fields), then matched to the catalogue (by
 * slug, else by country and name, never by id) a few hundred rows at a time. Only a file without a
 * single problem is written, all of it in one transaction; a row that would change nothing is left
 * alone, so its university keeps who last edited it.
 */

/** Longer than any cell the schema accepts (the scholarships' list), so that the schema says what is too long. */
const MAX_CELL_LENGTH = 40_000;
/** Rows matched per query, and written per statement. */
const BATCH = 500;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 120;

type Columns = ReturnType<typeof formColumns> & ReturnType<typeof figureProvenance>;

/** A row that passed its checks, waiting to be matched. */
type Candidate = { line: number; row: number; slug: string | null; fields: UniversityEditFields };

/** A row to write: a new university, or the changes to one (with the time it was last changed, to notice a change meanwhile). */
type Write =
  | { action: "add"; line: number; slug: string | null; columns: Columns }
  | { action: "update"; line: number; id: string; slug: string; columns: Columns; updatedAt: Date };

/** A file read, checked and matched: its report, and what writing it would do. */
export type UniversityImportPlan = { report: UniversityImportReport; writes: Write[] };

/** What an import did: only previewed; refused (problems, nothing written); or written. */
export type ImportOutcome = { status: "previewed" | "refused" | "imported"; report: UniversityImportReport };

/**
 * Reads a CSV file of universities and, when `write` is set and no row has a problem, adds and
 * updates them (writeUniversityImport). Throws AppError TOO_LARGE past `maxBytes`, CONFLICT when the
 * catalogue changed between reading and writing.
 */
export async function importUniversities(input: {
  actor: SessionUser;
  file: AsyncIterable<Uint8Array>;
  fileName: string;
  write: boolean;
  maxBytes?: number;
}): Promise<ImportOutcome> {
  const plan = await readUniversityImport(input);
  return input.write ? writeUniversityImport({ actor: input.actor, plan }) : { status: "previewed", report: plan.report };
}

/**
 * Writes a file's plan when it has no problem: adds and updates in one transaction, records the
 * import as an audit event (who, the file's name, the counts), and refreshes the catalogue's caches.
 * A plan with problems writes nothing ("refused").
 */
export async function writeUniversityImport(input: { actor: SessionUser; plan: UniversityImportPlan }): Promise<ImportOutcome> {
  const { plan, actor } = input;
  const { report } = plan;
  if (report.problemCount > 0) return { status: "refused", report };
  await writePlan(plan, actor);
  if (report.added + report.updated > 0) {
    await catalogueChanged();
    notifyContentChanged();
  }
  return { status: "imported", report };
}

/**
 * Reads, checks and matches every row of a file as it streams in, writing nothing. Throws AppError
 * TOO_LARGE past `maxBytes` (20 MB unless told).
 */
export async function readUniversityImport(input: {
  file: AsyncIterable<Uint8Array>;
  fileName: string;
  maxBytes?: number;
}): Promise<UniversityImportPlan> {
  const { file, fileName } = input;
  const maxBytes = input.maxBytes ?? UNIVERSITY_IMPORT_MAX_BYTES;
  const report: UniversityImportReport = {
    fileName,
    rows: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    problems: [],
    problemCount: 0,
    planned: [],
  };
  const writes: Write[] = [];
  const problem = (line: number, row: number, column: string | null, message: string) => {
    report.problemCount += 1;
    if (report.problems.length < UNIVERSITY_IMPORT_MAX_LISTED_PROBLEMS) report.problems.push({ line, row, column, message });
  };
  const matcher = new Matcher(report, writes, problem);
  const seenSlugs = new Map<string, number>();
  const seenNames = new Map<string, number>();
  let header: Map<UniversityCsvColumn, number> | null = null;
  let records = 0;
  let batch: Candidate[] = [];
  try {
    reading: for await (const chunk of readCsv(file, { maxBytes, maxCellLength: MAX_CELL_LENGTH })) {
      for (const record of chunk) {
        records += 1;
        if (!header) {
          header = readHeader(record, problem);
          if (!header) break reading;
          continue;
        }
        if (record.cells.every((cell) => cell.trim() === "")) continue;
        report.rows += 1;
        if (report.rows > UNIVERSITY_IMPORT_MAX_ROWS) {
          problem(record.line, records, null, m.server_import_too_many_rows({ max: groupThousands(UNIVERSITY_IMPORT_MAX_ROWS) }));
          break reading;
        }
        const candidate = checkRow(record, records, header, problem);
        if (!candidate) continue;
        if (!isDuplicate(candidate, seenSlugs, seenNames, problem)) batch.push(candidate);
        if (batch.length >= BATCH) {
          await matcher.match(batch);
          batch = [];
        }
      }
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    problem(error.line, records + 1, null, error.message);
  }
  if (!header && report.problemCount === 0) problem(1, 1, null, m.server_import_empty());
  else if (header && report.rows === 0 && report.problemCount === 0) problem(2, 2, null, m.server_import_no_rows());
  if (batch.length > 0) await matcher.match(batch);
  return { report, writes };
}

type Report = (line: number, row: number, column: string | null, message: string) => void;

/** The header's columns by name, or null (and the problems) when it is not exactly the format's: none missing, none unknown, none twice. */
function readHeader(record: CsvRecord, problem: Report): Map<UniversityCsvColumn, number> | null {
  const names = record.cells.map((cell) => cell.trim());
  const known = new Set<string>(universityCsvColumns);
  const columns = new Map<UniversityCsvColumn, number>();
  const unknown: string[] = [];
  const twice: string[] = [];
  names.forEach((name, index) => {
    if (!known.has(name)) unknown.push(name === "" ? m.server_import_empty_column({ column: formatDigits(index + 1) }) : `“${name}”`);
    else if (columns.has(name as UniversityCsvColumn)) twice.push(name);
    else columns.set(name as UniversityCsvColumn, index);
  });
  const missing = universityCsvColumns.filter((column) => !columns.has(column));
  const line = record.line;
  if (unknown.length > 0) problem(line, 1, null, m.server_import_unknown_columns({ columns: unknown.join(", ") }));
  if (twice.length > 0) problem(line, 1, null, m.server_import_column_twice({ columns: twice.join(", ") }));
  if (missing.length > 0) problem(line, 1, null, m.server_import_missing_columns({ columns: missing.join(", ") }));
  return unknown.length + twice.length + missing.length === 0 ? columns : null;
}

const columnOfField = new Map<string, UniversityCsvColumn>(
  Object.entries(formFieldOfColumn).map(([column, field]) => [field, column as UniversityCsvColumn]),
);

/** Judges a row's cells with the staff form's schema (its formula quote undone), then the checks the form's server adds. */
function checkRow(record: CsvRecord, row: number, header: Map<UniversityCsvColumn, number>, problem: Report): Candidate | null {
  const { line, cells } = record;
  if (cells.length !== header.size) {
    problem(line, row, null, m.server_import_cell_count({ cells: formatDigits(cells.length), columns: formatDigits(header.size) }));
    return null;
  }
  const cell = (column: UniversityCsvColumn) => restoreFormula(cells[header.get(column) ?? -1] ?? "");
  const form = new FormData();
  for (const [column, field] of Object.entries(formFieldOfColumn)) form.set(field, cell(column as UniversityCsvColumn));
  const submission = parseForm(form, UniversityEditSchema);
  let failed = false;
  const fail = (column: string, message: string) => {
    failed = true;
    problem(line, row, column, message);
  };
  if (submission.status !== "success") {
    for (const [field, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.[0]) fail(columnOfField.get(field) ?? field, messages[0]);
    }
  }
  const slug = cell("slug").trim();
  if (slug && (slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug))) {
    fail("slug", m.server_import_slug_format());
  }
  for (const [amount, currency] of Object.entries(currencyOfAmount)) {
    if (cell(amount as UniversityCsvColumn).trim() && !cell(currency).trim()) {
      fail(currency, m.server_import_currency_missing({ amount, currencies: tuitionCurrencies.join(", ") }));
    }
  }
  if (submission.status !== "success" || failed) return null;
  const fields = submission.value as UniversityEditFields;
  try {
    assertBandFits(fields);
  } catch (error) {
    if (!isAppError(error, "INVALID")) throw error;
    fail("ieltsBand", error.message);
    return null;
  }
  return { line, row, slug: slug || null, fields };
}

/** Two rows of one file for the same university (by slug, or by country and name) are refused. */
function isDuplicate(candidate: Candidate, slugs: Map<string, number>, names: Map<string, number>, problem: Report): boolean {
  const { line, row, slug, fields } = candidate;
  const name = `${fields.countryName}\u0000${fields.universityName.toLowerCase()}`;
  const slugTwice = slug ? slugs.get(slug) : undefined;
  const nameTwice = names.get(name);
  if (slugTwice !== undefined) problem(line, row, "slug", m.server_import_slug_twice({ line: formatDigits(slugTwice), slug: slug ?? "" }));
  if (nameTwice !== undefined) {
    problem(line, row, "name", m.server_import_name_twice({ line: formatDigits(nameTwice), country: fields.countryName }));
  }
  if (slug && slugTwice === undefined) slugs.set(slug, line);
  if (nameTwice === undefined) names.set(name, line);
  return slugTwice !== undefined || nameTwice !== undefined;
}

/** Matches rows to the catalogue, a batch at a time, and decides what each one does. */
class Matcher {
  /** Universities already claimed by a row: two rows may not change one. */
  private readonly claimed = new Map<string, number>();

  constructor(
    private readonly report: UniversityImportReport,
    private readonly writes: Write[],
    private readonly problem: Report,
  ) {}

  async match(batch: Candidate[]) {
    const slugs = batch.flatMap((candidate) => (candidate.slug ? [candidate.slug] : []));
    const bySlug = new Map<string, University>();
    if (slugs.length > 0) {
      for (const university of await db().select().from(universities).where(inJsonList(universities.slug, slugs))) {
        bySlug.set(university.slug, university);
      }
    }
    const byName = new Map<string, University>();
    const pairs = JSON.stringify(batch.map(({ fields }) => [fields.countryName, fields.universityName.toLowerCase()]));
    const named = await db()
      .select()
      .from(universities)
      .where(
        sql`(${universities.country}, lower(${universities.name})) in (select pair->>0, pair->>1 from jsonb_array_elements(${pairs}::jsonb) as pair)`,
      );
    for (const university of named) byName.set(nameKey(university.country, university.name), university);

    for (const candidate of batch) {
      const { line, row, slug, fields } = candidate;
      const sameName = byName.get(nameKey(fields.countryName, fields.universityName));
      const current = slug ? bySlug.get(slug) : sameName;
      if (slug && !current && sameName) {
        this.problem(
          line,
          row,
          "slug",
          m.server_import_slug_of_existing({ name: sameName.name, country: sameName.country, slug: sameName.slug }),
        );
        continue;
      }
      if (current && sameName && sameName.id !== current.id) {
        this.problem(line, row, "name", m.server_import_name_taken({ slug: sameName.slug, country: fields.countryName }));
        continue;
      }
      if (current) {
        const before = this.claimed.get(current.id);
        if (before !== undefined) {
          this.problem(line, row, slug ? "slug" : "name", m.server_import_row_claimed({ line: formatDigits(before), slug: current.slug }));
          continue;
        }
        this.claimed.set(current.id, line);
      }
      const columns: Columns = { ...formColumns(fields), ...figureProvenance(fields, current) };
      const name = fields.universityName;
      const country = fields.countryName;
      if (!current) {
        this.report.added += 1;
        this.writes.push({ action: "add", line, slug, columns });
        this.plan({ line, action: "add", name, country, slug });
      } else if (sameColumns(columns, current)) {
        this.report.unchanged += 1;
        this.plan({ line, action: "unchanged", name, country, slug: current.slug });
      } else {
        this.report.updated += 1;
        this.writes.push({ action: "update", line, id: current.id, slug: current.slug, columns, updatedAt: current.updatedAt });
        this.plan({ line, action: "update", name, country, slug: current.slug });
      }
    }
  }

  private plan(row: ImportRowPlan) {
    if (this.report.planned.length < UNIVERSITY_IMPORT_MAX_LISTED_ROWS) this.report.planned.push(row);
  }
}

/**
 * `column in (…values)` with the values as one JSON parameter: hundreds of values as as many
 * parameters made PGlite stall on the statement's second run (seen with 600 parameters).
 */
function inJsonList(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

function nameKey(country: string, name: string): string {
  return `${country}\u0000${name.toLowerCase()}`;
}

/** A value as compared: objects with their keys in one order (the database keeps jsonb keys in its own). */
function canonical(value: unknown): string {
  const sorted = (inner: unknown): unknown =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, item]) => [key, sorted(item)]),
        )
      : Array.isArray(inner)
        ? inner.map(sorted)
        : inner;
  return JSON.stringify(sorted(value) ?? null);
}

function sameColumns(columns: Columns, current: University): boolean {
  return Object.entries(columns).every(([key, value]) => canonical(value) === canonical(current[key as keyof University]));
}

/** Writes a plan without problems in one transaction: every row, or (on any failure) none. */
async function writePlan(plan: UniversityImportPlan, actor: SessionUser) {
  const adds = plan.writes.filter((write) => write.action === "add");
  const updates = plan.writes.filter((write) => write.action === "update");
  const now = new Date();
  try {
    await db().transaction(async (tx) => {
      // The universities to change are as they were read (and stay so until this commits).
      for (const chunk of chunks(updates, BATCH)) {
        const rows = await tx
          .select({ id: universities.id, updatedAt: universities.updatedAt })
          .from(universities)
          .where(
            inJsonList(
              universities.id,
              chunk.map((write) => write.id),
            ),
          )
          .for("update");
        const stamps = new Map(rows.map((row) => [row.id, row.updatedAt.getTime()]));
        if (chunk.some((write) => stamps.get(write.id) !== write.updatedAt.getTime())) {
          throw new AppError("CONFLICT", m.server_import_catalogue_changed());
        }
      }
      const slugs = await newSlugs(tx, adds);
      for (const chunk of chunks(adds, BATCH)) {
        await tx.insert(universities).values(
          chunk.map((write) => ({
            id: randomUUID(),
            slug: slugs.get(write) ?? "",
            ...write.columns,
            createdBy: actor.id,
            updatedBy: actor.id,
          })),
        );
      }
      // Each update as an insert that conflicts on the id: one statement for hundreds of rows.
      const table = getTableColumns(universities);
      const changed = [...Object.keys(updates[0]?.columns ?? {}), "updatedBy", "updatedAt"] as (keyof typeof table)[];
      const set = Object.fromEntries(changed.map((key) => [key, sql`excluded.${sql.identifier(table[key].name)}`]));
      for (const chunk of chunks(updates, BATCH)) {
        await tx
          .insert(universities)
          .values(chunk.map((write) => ({ id: write.id, slug: write.slug, ...write.columns, updatedBy: actor.id, updatedAt: now })))
          .onConflictDoUpdate({ target: universities.id, set });
      }
      await recordAuditEvent(
        {
          action: "university.imported",
          actorId: actor.id,
          detail: {
            fileName: plan.report.fileName,
            rows: plan.report.rows,
            added: plan.report.added,
            updated: plan.report.updated,
            unchanged: plan.report.unchanged,
          },
        },
        tx,
      );
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
    if (code === "23505") throw new AppError("CONFLICT", m.server_import_catalogue_changed(), { cause: error });
    throw error;
  }
}

type Transaction = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/**
 * A slug for each new university: the row's own, or one made from its name (then with its country,
 * then numbered) that neither the catalogue nor another row of the file holds.
 */
async function newSlugs(tx: Transaction, adds: Extract<Write, { action: "add" }>[]): Promise<Map<Write, string>> {
  const chosen = new Map<Write, string>();
  const taken = new Set<string>();
  for (const write of adds) if (write.slug) taken.add(write.slug);
  const unnamed = adds.filter((write) => !write.slug);
  const candidates = new Map<Write, string[]>();
  for (const write of unnamed) {
    const base = slugify(write.columns.name);
    const withCountry = `${base}-${slugify(write.columns.country)}`;
    candidates.set(write, [base, withCountry, ...Array.from({ length: 8 }, (_, index) => `${withCountry}-${index + 2}`)]);
  }
  const all = [...new Set([...candidates.values()].flat())];
  for (const chunk of chunks(all, BATCH * 4)) {
    const rows = await tx.select({ slug: universities.slug }).from(universities).where(inJsonList(universities.slug, chunk));
    for (const row of rows) taken.add(row.slug);
  }
  for (const write of adds) {
    if (write.slug) {
      chosen.set(write, write.slug);
      continue;
    }
    const free =
      candidates.get(write)?.find((candidate) => !taken.has(candidate)) ?? `${slugify(write.columns.name)}-${randomUUID().slice(0, 8)}`;
    taken.add(free);
    chosen.set(write, free);
  }
  return chosen;
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
