import { z } from "zod";
import { type Intake, monthNames, type NamedScholarship, type OtherTest } from "../universities";
import { multiline } from "./multiline";

/**
 * A university's lists (facilities, other English tests, intakes, named scholarships) as one form
 * field each: one entry per line as staff type them ("TOEFL iBT: 90", "September: 15 January"), or a
 * JSON array as the CSV export writes them (ADR 026). Both notations go through the same rule for
 * each entry, so a list is judged alike whichever way it came; the formatters turn a stored list
 * back into the lines the edit form shows (JSON where a line could not hold an entry as it is).
 */

/** An entry's problem, said to the person ("January has no day 32"). */
type Problem = { problem: string };
const problem = (message: string): Problem => ({ problem: message });
const isProblem = (value: unknown): value is Problem => typeof value === "object" && value !== null && "problem" in value;

export const YEAR_MIN = 2000;
export const YEAR_MAX = 2100;

/** A full https:// address. */
export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * A full address of a page a figure was read on: https://, or http:// where the university serves
 * the page only so (the catalogue's research found dozens).
 */
export function isPageUrl(value: string): boolean {
  try {
    const { protocol, hostname } = new URL(value);
    return (protocol === "https:" || protocol === "http:") && hostname.includes(".");
  } catch {
    return false;
  }
}

export const PAGE_URL_REQUIRED = "Enter a full address starting with https:// (or http://)";

const daysIn = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** "September", "september", "Sep" and "Sept." → 9; anything else → null. */
export function monthNumber(text: string): number | null {
  const word = text.trim().replace(/\.$/, "").toLowerCase();
  if (word.length < 3) return null;
  const index = monthNames.findIndex((name) => {
    const lower = name.toLowerCase();
    return lower === word || (lower.startsWith(word) && (word.length === 3 || (word === "sept" && lower === "september")));
  });
  return index === -1 ? null : index + 1;
}

const notAMonth = (text: string) => problem(`“${text.trim()}” is not a month: write it in English, for example September`);

function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/** An object with exactly these keys (some optional), or the problem. */
function record(value: unknown, keys: readonly string[], example: string): Record<string, unknown> | Problem {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return problem(`Write each entry as an object, for example ${example}`);
  const unknown = Object.keys(value).find((key) => !keys.includes(key));
  return unknown ? problem(`“${unknown}” is not one of its keys (${keys.join(", ")})`) : (value as Record<string, unknown>);
}

// ── Facilities ────────────────────────────────────────────────────────────────────────────────

export const FACILITY_MAX_LENGTH = 120;

function facility(text: unknown): string | Problem {
  if (typeof text !== "string") return problem("Write each facility as text");
  const name = text.trim();
  if (!name) return problem("A facility cannot be empty");
  return name.length > FACILITY_MAX_LENGTH ? problem(`Use at most ${FACILITY_MAX_LENGTH} characters for a facility`) : name;
}

// ── Other English tests ───────────────────────────────────────────────────────────────────────

export const TEST_NAME_MAX_LENGTH = 120;
export const TEST_SCORE_MAX_LENGTH = 300;
const TEST_LINE = "Test: minimum, for example TOEFL iBT: 90";

function otherTest(test: unknown, score: unknown): OtherTest | Problem {
  if (typeof test !== "string" || typeof score !== "string") return problem(`Write it as ${TEST_LINE}`);
  const name = test.trim();
  const minimum = score.trim();
  if (!name) return problem("Give the test's name before the colon");
  if (!minimum) return problem(`Give ${name}'s minimum after the colon`);
  if (name.length > TEST_NAME_MAX_LENGTH) return problem(`Use at most ${TEST_NAME_MAX_LENGTH} characters for a test's name`);
  if (minimum.length > TEST_SCORE_MAX_LENGTH) return problem(`Use at most ${TEST_SCORE_MAX_LENGTH} characters for a minimum`);
  return { test: name, score: minimum };
}

function otherTestLine(line: string): OtherTest | Problem {
  const colon = line.indexOf(":");
  if (colon === -1) return problem(`Write it as ${TEST_LINE}`);
  return otherTest(line.slice(0, colon), line.slice(colon + 1));
}

function otherTestJson(value: unknown): OtherTest | Problem {
  const entry = record(value, ["test", "score"], '{"test": "TOEFL iBT", "score": "90"}');
  return isProblem(entry) ? entry : otherTest(entry.test, entry.score);
}

// ── Intakes ───────────────────────────────────────────────────────────────────────────────────

function deadline(month: number, day: number): Intake["deadline"] | Problem {
  const name = monthNames[month - 1] ?? "";
  return Number.isInteger(day) && day >= 1 && day <= (daysIn[month - 1] ?? 0) ? { month, day } : problem(`${name} has no day ${day}`);
}

/** "September", "September: 15 January" or "September: January 15". */
function intakeLine(line: string): Intake | Problem {
  const colon = line.indexOf(":");
  const monthText = colon === -1 ? line : line.slice(0, colon);
  const month = monthNumber(monthText);
  if (month === null) return notAMonth(monthText);
  if (colon === -1) return { month, deadline: null };
  const due = line.slice(colon + 1).trim();
  if (!due) return { month, deadline: null };
  const dayFirst = /^(\d{1,3})(?:st|nd|rd|th)?\s+([\p{L}.]+)$/u.exec(due);
  const monthFirst = /^([\p{L}.]+)\s+(\d{1,3})(?:st|nd|rd|th)?$/u.exec(due);
  const [dayText, dueMonthText] = dayFirst ? [dayFirst[1], dayFirst[2]] : monthFirst ? [monthFirst[2], monthFirst[1]] : [];
  if (dayText === undefined || dueMonthText === undefined)
    return problem("Give the deadline as a day and a month, for example September: 15 January");
  const dueMonth = monthNumber(dueMonthText);
  if (dueMonth === null) return notAMonth(dueMonthText);
  const result = deadline(dueMonth, Number(dayText));
  return isProblem(result) ? result : { month, deadline: result };
}

function intakeJson(value: unknown): Intake | Problem {
  const entry = record(value, ["month", "deadline"], '{"month": 9, "deadline": {"month": 1, "day": 15}}');
  if (isProblem(entry)) return entry;
  if (!isWhole(entry.month, 1, 12)) return problem("An intake's month is a number from 1 to 12");
  if (entry.deadline === null || entry.deadline === undefined) return { month: entry.month, deadline: null };
  const due = record(entry.deadline, ["month", "day"], '{"month": 1, "day": 15}');
  if (isProblem(due)) return due;
  if (!isWhole(due.month, 1, 12)) return problem("A deadline's month is a number from 1 to 12");
  if (typeof due.day !== "number") return problem("A deadline's day is a number");
  const result = deadline(due.month, due.day);
  return isProblem(result) ? result : { month: entry.month, deadline: result };
}

// ── Named scholarships ────────────────────────────────────────────────────────────────────────

export const SCHOLARSHIP_NAME_MAX_LENGTH = 200;
export const SCHOLARSHIP_VALUE_MAX_LENGTH = 600;
const SCHOLARSHIP_LINE = "Name: value, for example Global Excellence Scholarship: GBP 5,000 off the first year";

function scholarship(name: unknown, value: unknown, year: unknown, source: unknown): NamedScholarship | Problem {
  if (typeof name !== "string" || typeof value !== "string") return problem(`Write it as ${SCHOLARSHIP_LINE}`);
  const title = name.trim();
  const worth = value.trim();
  if (!title) return problem("Give the scholarship's name before the colon");
  if (!worth) return problem(`Give what ${title} is worth after the colon`);
  if (title.length > SCHOLARSHIP_NAME_MAX_LENGTH)
    return problem(`Use at most ${SCHOLARSHIP_NAME_MAX_LENGTH} characters for a scholarship's name`);
  if (worth.length > SCHOLARSHIP_VALUE_MAX_LENGTH) return problem(`Use at most ${SCHOLARSHIP_VALUE_MAX_LENGTH} characters for its value`);
  if (year !== null && !isWhole(year, YEAR_MIN, YEAR_MAX))
    return problem("Its year is the year the academic year starts in, for example 2025");
  if (source !== null && (typeof source !== "string" || !isPageUrl(source))) return problem(`Its source: ${PAGE_URL_REQUIRED}`);
  return { name: title, value: worth, year, source };
}

/** "Name: value", or "Name: value | 2025 | https://…" for a scholarship with a year and page of its own. */
function scholarshipLine(line: string): NamedScholarship | Problem {
  const [text = "", yearText, sourceText, ...rest] = line.split("|").map((part) => part.trim());
  if (rest.length > 0) return problem(`Write it as ${SCHOLARSHIP_LINE} (then | year | source page, if it has its own)`);
  const colon = text.indexOf(":");
  if (colon === -1) return problem(`Write it as ${SCHOLARSHIP_LINE}`);
  const year = yearText ? (/^\d{4}$/.test(yearText) ? Number(yearText) : Number.NaN) : null;
  return scholarship(text.slice(0, colon), text.slice(colon + 1), year, sourceText || null);
}

function scholarshipJson(value: unknown): NamedScholarship | Problem {
  const entry = record(value, ["name", "value", "year", "source"], '{"name": "…", "value": "…", "year": 2025, "source": "https://…"}');
  return isProblem(entry) ? entry : scholarship(entry.name, entry.value, entry.year ?? null, entry.source ?? null);
}

// ── The fields ────────────────────────────────────────────────────────────────────────────────

/**
 * A list field: empty → []; text starting with "[" → a JSON array; otherwise one entry per line
 * (blank lines skipped). The first problem is named with its line (or entry) number.
 */
function listField<T>(options: {
  /** What the entries are called, for "At most 20 tests". */
  noun: string;
  maxEntries: number;
  maxLength: number;
  line: (text: string) => T | Problem;
  json: (value: unknown) => T | Problem;
  /** Two entries with the same key are refused ("September is listed twice"). */
  duplicate?: (entry: T) => string;
}) {
  return multiline(
    z
      .string()
      .trim()
      .max(options.maxLength, `Use at most ${options.maxLength.toLocaleString("en")} characters`)
      .optional()
      .transform((text, context): T[] => {
        if (!text) return [];
        const entries: { at: string; value: unknown }[] = [];
        if (text.startsWith("[")) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            context.addIssue("This starts like a JSON list but is not one: check its brackets, quotes and commas");
            return [];
          }
          if (!Array.isArray(parsed)) {
            context.addIssue("Write a JSON list, [ … ]");
            return [];
          }
          for (const [index, value] of parsed.entries()) entries.push({ at: `Entry ${index + 1}`, value });
        } else {
          text.split(/\r\n|\r|\n/).forEach((line, index) => {
            if (line.trim()) entries.push({ at: `Line ${index + 1}`, value: line.trim() });
          });
        }
        if (entries.length > options.maxEntries) {
          context.addIssue(`At most ${options.maxEntries} ${options.noun}`);
          return [];
        }
        const values: T[] = [];
        const seen = new Set<string>();
        for (const { at, value } of entries) {
          const entry = typeof value === "string" && at.startsWith("Line") ? options.line(value) : options.json(value);
          if (isProblem(entry)) {
            context.addIssue(`${at}: ${entry.problem}`);
            return [];
          }
          const key = options.duplicate?.(entry);
          if (key !== undefined) {
            if (seen.has(key)) {
              context.addIssue(`${at}: ${key} is listed twice`);
              return [];
            }
            seen.add(key);
          }
          values.push(entry);
        }
        return values;
      }),
  );
}

export const facilitiesField = listField({
  noun: "facilities",
  maxEntries: 40,
  maxLength: 6_000,
  line: facility,
  json: facility,
});

export const otherTestsField = listField({
  noun: "tests",
  maxEntries: 20,
  maxLength: 6_000,
  line: otherTestLine,
  json: otherTestJson,
  duplicate: (entry) => entry.test,
});

export const intakesField = listField({
  noun: "intakes",
  maxEntries: 12,
  maxLength: 2_000,
  line: intakeLine,
  json: intakeJson,
  duplicate: (entry) => monthNames[entry.month - 1] ?? "",
});

export const scholarshipListField = listField({
  noun: "scholarships",
  maxEntries: 40,
  maxLength: 30_000,
  line: scholarshipLine,
  json: scholarshipJson,
});

// ── Back to text, for the edit form ───────────────────────────────────────────────────────────

const oneLine = (text: string) => !/[\r\n]/.test(text);

export function facilitiesText(list: readonly string[]): string {
  return list.every((item) => oneLine(item) && item === item.trim() && !item.startsWith("[")) ? list.join("\n") : JSON.stringify(list);
}

export function otherTestsText(list: readonly OtherTest[]): string {
  return list.every((entry) => oneLine(entry.test + entry.score) && !entry.test.includes(":") && !entry.test.startsWith("["))
    ? list.map((entry) => `${entry.test}: ${entry.score}`).join("\n")
    : JSON.stringify(list);
}

export function intakesText(list: readonly Intake[]): string {
  return list
    .map(({ month, deadline: due }) =>
      due ? `${monthNames[month - 1]}: ${due.day} ${monthNames[due.month - 1]}` : (monthNames[month - 1] ?? String(month)),
    )
    .join("\n");
}

/**
 * The scholarships as the form shows them: one "Name: value" line each with the year and page they
 * share in their own fields, or, when they differ, each line with its own ("Name: value | 2025 | https://…").
 */
export function scholarshipListText(list: readonly NamedScholarship[]): { text: string; year: number | null; source: string | null } {
  const first = list[0];
  const shared = first !== undefined && list.every((entry) => entry.year === first.year && entry.source === first.source);
  const fits = list.every(
    (entry) => oneLine(entry.name + entry.value) && !`${entry.name}${entry.value}`.includes("|") && !entry.name.includes(":"),
  );
  if (!fits || (first?.name.startsWith("[") ?? false)) return { text: JSON.stringify(list), year: null, source: null };
  const text = list
    .map((entry) => `${entry.name}: ${entry.value}${shared ? "" : ` | ${entry.year ?? ""} | ${entry.source ?? ""}`}`)
    .join("\n");
  return { text, year: shared ? (first?.year ?? null) : null, source: shared ? (first?.source ?? null) : null };
}
