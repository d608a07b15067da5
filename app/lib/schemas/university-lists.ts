import { z } from "zod";
import { m } from "~/paraglide/messages";
import { formatDigits, groupThousands } from "../numbers";
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

/** PAGE_URL_REQUIRED in the page's language. */
export const pageUrlRequired = () => m.staff_l_page_url();

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

const notAMonth = (text: string) => problem(m.staff_l_not_a_month({ text: text.trim() }));

function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/** An object with exactly these keys (some optional), or the problem. */
function record(value: unknown, keys: readonly string[], example: string): Record<string, unknown> | Problem {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return problem(m.staff_l_entry_as_object({ example }));
  const unknown = Object.keys(value).find((key) => !keys.includes(key));
  return unknown ? problem(m.staff_l_not_a_key({ key: unknown, keys: keys.join(", ") })) : (value as Record<string, unknown>);
}

// ── Facilities ────────────────────────────────────────────────────────────────────────────────

export const FACILITY_MAX_LENGTH = 120;

function facility(text: unknown): string | Problem {
  if (typeof text !== "string") return problem(m.staff_l_facility_text());
  const name = text.trim();
  if (!name) return problem(m.staff_l_facility_empty());
  return name.length > FACILITY_MAX_LENGTH ? problem(m.staff_l_facility_long({ max: formatDigits(FACILITY_MAX_LENGTH) })) : name;
}

// ── Other English tests ───────────────────────────────────────────────────────────────────────

export const TEST_NAME_MAX_LENGTH = 120;
export const TEST_SCORE_MAX_LENGTH = 300;

function otherTest(test: unknown, score: unknown): OtherTest | Problem {
  if (typeof test !== "string" || typeof score !== "string") return problem(m.staff_l_test_line());
  const name = test.trim();
  const minimum = score.trim();
  if (!name) return problem(m.staff_l_test_name_missing());
  if (!minimum) return problem(m.staff_l_test_minimum_missing({ name }));
  if (name.length > TEST_NAME_MAX_LENGTH) return problem(m.staff_l_test_name_long({ max: formatDigits(TEST_NAME_MAX_LENGTH) }));
  if (minimum.length > TEST_SCORE_MAX_LENGTH) return problem(m.staff_l_test_minimum_long({ max: formatDigits(TEST_SCORE_MAX_LENGTH) }));
  return { test: name, score: minimum };
}

function otherTestLine(line: string): OtherTest | Problem {
  const colon = line.indexOf(":");
  if (colon === -1) return problem(m.staff_l_test_line());
  return otherTest(line.slice(0, colon), line.slice(colon + 1));
}

function otherTestJson(value: unknown): OtherTest | Problem {
  const entry = record(value, ["test", "score"], '{"test": "TOEFL iBT", "score": "90"}');
  return isProblem(entry) ? entry : otherTest(entry.test, entry.score);
}

// ── Intakes ───────────────────────────────────────────────────────────────────────────────────

function deadline(month: number, day: number): Intake["deadline"] | Problem {
  const name = monthNames[month - 1] ?? "";
  return Number.isInteger(day) && day >= 1 && day <= (daysIn[month - 1] ?? 0)
    ? { month, day }
    : problem(m.staff_l_no_such_day({ month: name, day: formatDigits(day) }));
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
  if (dayText === undefined || dueMonthText === undefined) return problem(m.staff_l_deadline_format());
  const dueMonth = monthNumber(dueMonthText);
  if (dueMonth === null) return notAMonth(dueMonthText);
  const result = deadline(dueMonth, Number(dayText));
  return isProblem(result) ? result : { month, deadline: result };
}

function intakeJson(value: unknown): Intake | Problem {
  const entry = record(value, ["month", "deadline"], '{"month": 9, "deadline": {"month": 1, "day": 15}}');
  if (isProblem(entry)) return entry;
  if (!isWhole(entry.month, 1, 12)) return problem(m.staff_l_intake_month());
  if (entry.deadline === null || entry.deadline === undefined) return { month: entry.month, deadline: null };
  const due = record(entry.deadline, ["month", "day"], '{"month": 1, "day": 15}');
  if (isProblem(due)) return due;
  if (!isWhole(due.month, 1, 12)) return problem(m.staff_l_deadline_month());
  if (typeof due.day !== "number") return problem(m.staff_l_deadline_day());
  const result = deadline(due.month, due.day);
  return isProblem(result) ? result : { month: entry.month, deadline: result };
}

// ── Named scholarships ────────────────────────────────────────────────────────────────────────

export const SCHOLARSHIP_NAME_MAX_LENGTH = 200;
export const SCHOLARSHIP_VALUE_MAX_LENGTH = 600;

function scholarship(name: unknown, value: unknown, year: unknown, source: unknown): NamedScholarship | Problem {
  if (typeof name !== "string" || typeof value !== "string") return problem(m.staff_l_scholarship_line());
  const title = name.trim();
  const worth = value.trim();
  if (!title) return problem(m.staff_l_scholarship_name_missing());
  if (!worth) return problem(m.staff_l_scholarship_value_missing({ name: title }));
  if (title.length > SCHOLARSHIP_NAME_MAX_LENGTH)
    return problem(m.staff_l_scholarship_name_long({ max: formatDigits(SCHOLARSHIP_NAME_MAX_LENGTH) }));
  if (worth.length > SCHOLARSHIP_VALUE_MAX_LENGTH)
    return problem(m.staff_l_scholarship_value_long({ max: formatDigits(SCHOLARSHIP_VALUE_MAX_LENGTH) }));
  if (year !== null && !isWhole(year, YEAR_MIN, YEAR_MAX)) return problem(m.staff_l_scholarship_year());
  if (source !== null && (typeof source !== "string" || !isPageUrl(source)))
    return problem(m.staff_l_scholarship_source({ problem: pageUrlRequired() }));
  return { name: title, value: worth, year, source };
}

/** "Name: value", or "Name: value | 2025 | https://…" for a scholarship with a year and page of its own. */
function scholarshipLine(line: string): NamedScholarship | Problem {
  const [text = "", yearText, sourceText, ...rest] = line.split("|").map((part) => part.trim());
  if (rest.length > 0) return problem(m.staff_l_scholarship_line_parts());
  const colon = text.indexOf(":");
  if (colon === -1) return problem(m.staff_l_scholarship_line());
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
  /** "At most 20 tests", given the limit as written. */
  tooMany: (input: { max: string }) => string;
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
      .max(options.maxLength, { error: () => m.staff_v_at_most({ max: groupThousands(options.maxLength) }) })
      .optional()
      .transform((text, context): T[] => {
        if (!text) return [];
        const entries: { at: string; line: boolean; value: unknown }[] = [];
        if (text.startsWith("[")) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            context.addIssue(m.staff_l_bad_json());
            return [];
          }
          if (!Array.isArray(parsed)) {
            context.addIssue(m.staff_l_json_list());
            return [];
          }
          for (const [index, value] of parsed.entries())
            entries.push({ at: m.staff_l_entry_at({ index: formatDigits(index + 1) }), line: false, value });
        } else {
          text.split(/\r\n|\r|\n/).forEach((line, index) => {
            if (line.trim()) entries.push({ at: m.staff_l_line_at({ index: formatDigits(index + 1) }), line: true, value: line.trim() });
          });
        }
        if (entries.length > options.maxEntries) {
          context.addIssue(options.tooMany({ max: formatDigits(options.maxEntries) }));
          return [];
        }
        const values: T[] = [];
        const seen = new Set<string>();
        for (const { at, line, value } of entries) {
          const entry = typeof value === "string" && line ? options.line(value) : options.json(value);
          if (isProblem(entry)) {
            context.addIssue(`${at}: ${entry.problem}`);
            return [];
          }
          const key = options.duplicate?.(entry);
          if (key !== undefined) {
            if (seen.has(key)) {
              context.addIssue(m.staff_l_listed_twice({ at, key }));
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
  tooMany: m.staff_l_max_facilities,
  maxEntries: 40,
  maxLength: 6_000,
  line: facility,
  json: facility,
});

export const otherTestsField = listField({
  tooMany: m.staff_l_max_tests,
  maxEntries: 20,
  maxLength: 6_000,
  line: otherTestLine,
  json: otherTestJson,
  duplicate: (entry) => entry.test,
});

export const intakesField = listField({
  tooMany: m.staff_l_max_intakes,
  maxEntries: 12,
  maxLength: 2_000,
  line: intakeLine,
  json: intakeJson,
  duplicate: (entry) => monthNames[entry.month - 1] ?? "",
});

export const scholarshipListField = listField({
  tooMany: m.staff_l_max_scholarships,
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
