/** The university CSV import (/dashboard/universities/import, ADR 026): its limits and its report, as the page shows them. */

/** The largest file the import reads (the route's body cap adds room for the form around it). */
export const UNIVERSITY_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The multipart body the import route accepts: the file plus the form's few fields. */
export const UNIVERSITY_IMPORT_BODY_MAX_BYTES = UNIVERSITY_IMPORT_MAX_BYTES + 64 * 1024;
/** The most rows one file may hold. */
export const UNIVERSITY_IMPORT_MAX_ROWS = 20_000;
/** The most problems a report lists (it counts them all). */
export const UNIVERSITY_IMPORT_MAX_LISTED_PROBLEMS = 1_000;
/** The most rows a report lists with what would happen to them. */
export const UNIVERSITY_IMPORT_MAX_LISTED_ROWS = 100;

export const importIntents = ["preview", "import"] as const;
export type ImportIntent = (typeof importIntents)[number];

/**
 * What is wrong, where: `line` is the file's line the row starts on (the header is line 1), `row`
 * the record's number as a spreadsheet shows it (they differ after a cell spanning lines), and
 * `column` the header's name for the cell, when the problem is one cell's.
 */
export type ImportProblem = { line: number; row: number; column: string | null; message: string };

/** A row and what the import does (or would do) with it. */
export type ImportRowPlan = {
  line: number;
  action: "add" | "update" | "unchanged";
  name: string;
  country: string;
  /** The row's slug, or the matched university's; null for a new one whose slug is made from its name. */
  slug: string | null;
};

export type UniversityImportReport = {
  fileName: string;
  /** Data rows read (not the header, not blank lines). */
  rows: number;
  added: number;
  updated: number;
  unchanged: number;
  problems: ImportProblem[];
  /** Every problem found, listed or not. */
  problemCount: number;
  /** The first rows without problems, with their action. */
  planned: ImportRowPlan[];
};
