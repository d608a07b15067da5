import { asc, getTableColumns, gt } from "drizzle-orm";
import { csvRecord } from "../csv";
import { db } from "../db";
import { universities } from "../db/schema";
import { exampleUniversity, universityCells, universityCsvColumns } from "./university-csv";

/** Rows read per query: a few hundred kilobytes at a time, however large the catalogue. */
const EXPORT_BATCH = 500;

const csvColumns = Object.fromEntries(universityCsvColumns.map((column) => [column, getTableColumns(universities)[column]])) as {
  [K in (typeof universityCsvColumns)[number]]: (typeof universities)[K];
};

/**
 * The whole catalogue as CSV (ADR 026), a batch of rows at a time in slug order (each batch read
 * after the last slug of the one before), so 100,000 universities never sit in memory at once.
 */
export async function* exportUniversitiesCsv(): AsyncGenerator<string> {
  yield csvRecord(universityCsvColumns);
  let after: string | null = null;
  for (;;) {
    const rows = await db()
      .select(csvColumns)
      .from(universities)
      .where(after === null ? undefined : gt(universities.slug, after))
      .orderBy(asc(universities.slug))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows.map((row) => csvRecord(universityCells(row))).join("");
    after = rows[rows.length - 1]?.slug ?? null;
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** The import's template: the header and one example row. */
export function universityCsvTemplate(): string {
  return csvRecord(universityCsvColumns) + csvRecord(universityCells(exampleUniversity));
}
