import { formatDigits, groupThousands } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import { AppError } from "./errors";

/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF between records, a cell quoted when it holds a
 * comma, a quote or a line break, quotes doubled), read as it streams in: bytes are checked as
 * UTF-8 (a byte order mark is allowed) and turned into records one chunk at a time, so a 20 MB
 * file is never one string. Cells that a spreadsheet would run as a formula are neutralised on the
 * way out and restored on the way in (ADR 026).
 */

/** A cell a spreadsheet would take for a formula: =, +, -, @, or a tab or CR first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A neutralised one: quote marks before such a start (one is ours; the rest were the cell's own). */
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** "=1+1" → "'=1+1"; a cell already looking neutralised ("'=x") gains one more quote, so that restoring gives it back exactly. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) || NEUTRALISED.test(cell) ? `'${cell}` : cell;
}

/** Undoes neutraliseFormula: the one quote it added goes; any other cell is left as it is. */
export function restoreFormula(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

/** One record, each cell neutralised and quoted where needed, ending in CRLF. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells
    .map((raw) => {
      const cell = neutraliseFormula(raw);
      return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
    })
    .join(",")}\r\n`;
}

/** A record read from a file: its cells as written (quotes undone), and the line it starts on. */
export type CsvRecord = { line: number; cells: string[] };

/** The file is not CSV as we read it; `line` is where it went wrong. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = "CsvError";
  }
}

/**
 * Turns text into records as it arrives (push each decoded chunk, then end). Records are returned
 * as soon as they are complete; a blank line is no record. Throws CsvError for a quote where none
 * may be, a quoted cell that never closes, or a cell longer than `maxCellLength`.
 */
export class CsvParser {
  private cells: string[] = [];
  private field = "";
  /** The current cell began with a quote, and that quote has not closed yet. */
  private inQuotes = false;
  /** A quote was read inside a quoted cell: the next character says whether it closes it or is a doubled one. */
  private quoteSeen = false;
  /** A quoted cell has closed: only a comma or a line break may follow. */
  private closed = false;
  private quoted = false;
  private previousWasCR = false;
  private line = 1;
  private recordLine = 1;
  private quoteLine = 1;
  private started = false;

  constructor(private readonly maxCellLength: number) {}

  push(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    for (let index = 0; index < text.length; index++) {
      const char = text[index] as string;
      const afterCR = this.previousWasCR;
      this.previousWasCR = char === "\r";
      if (this.inQuotes) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (char === '"') {
            this.append('"');
            continue;
          }
          this.inQuotes = false;
          this.closed = true;
          // Not a doubled quote: the cell has closed, and this character is read as outside it.
        } else {
          if (char === '"') {
            this.quoteSeen = true;
            continue;
          }
          if (char === "\r" || (char === "\n" && !afterCR)) this.line += 1;
          this.append(char);
          continue;
        }
      }
      if (char === "\n" && afterCR) continue;
      if (!this.started) {
        this.started = true;
        this.recordLine = this.line;
      }
      if (char === ",") {
        this.endCell();
      } else if (char === "\r" || char === "\n") {
        this.line += 1;
        this.endRecord(records);
      } else if (this.closed) {
        throw new CsvError(this.line, m.server_csv_after_quoted_cell());
      } else if (char === '"') {
        if (this.field !== "" || this.quoted) {
          throw new CsvError(this.line, m.server_csv_stray_quote());
        }
        this.inQuotes = true;
        this.quoted = true;
        this.quoteLine = this.line;
      } else {
        this.append(char);
      }
    }
    return records;
  }

  end(): CsvRecord[] {
    if (this.inQuotes && !this.quoteSeen) {
      throw new CsvError(this.quoteLine, m.server_csv_quote_not_closed());
    }
    this.inQuotes = false;
    const records: CsvRecord[] = [];
    if (this.started) this.endRecord(records);
    return records;
  }

  private append(text: string) {
    this.field += text;
    if (this.field.length > this.maxCellLength) {
      throw new CsvError(
        this.inQuotes ? this.quoteLine : this.line,
        m.server_csv_cell_too_long({ max: groupThousands(this.maxCellLength) }),
      );
    }
  }

  private endCell() {
    this.cells.push(this.field);
    this.field = "";
    this.quoted = false;
    this.closed = false;
  }

  private endRecord(records: CsvRecord[]) {
    const blank = this.cells.length === 0 && this.field === "" && !this.quoted;
    this.endCell();
    if (!blank) records.push({ line: this.recordLine, cells: this.cells });
    this.cells = [];
    this.started = false;
  }
}

/**
 * Reads CSV records from a byte stream, a batch per chunk that arrived. Refuses (CsvError, with the
 * line) a file that is not UTF-8: a UTF-16 file, a Latin-1 one, a spreadsheet's own format; and
 * (AppError TOO_LARGE) one past `maxBytes`.
 */
export async function* readCsv(
  bytes: AsyncIterable<Uint8Array>,
  options: { maxBytes: number; maxCellLength: number },
): AsyncGenerator<CsvRecord[]> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const parser = new CsvParser(options.maxCellLength);
  let received = 0;
  let first = true;
  let linesSoFar = 1;
  for await (const chunk of bytes) {
    received += chunk.byteLength;
    if (received > options.maxBytes) {
      throw new AppError("TOO_LARGE", m.server_csv_too_large({ max: formatDigits(Math.round(options.maxBytes / 1024 / 1024)) }));
    }
    if (first && chunk.byteLength > 0) {
      first = false;
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
        throw new CsvError(1, m.server_csv_utf16());
      }
    }
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw new CsvError(linesSoFar + linesBeforeBadByte(chunk), m.server_csv_not_utf8());
    }
    const nul = text.indexOf("\u0000");
    if (nul !== -1) {
      throw new CsvError(linesSoFar + countLines(text.slice(0, nul)), m.server_csv_nul());
    }
    linesSoFar += countLines(text);
    const records = parser.push(text);
    if (records.length > 0) yield records;
  }
  try {
    decoder.decode();
  } catch {
    throw new CsvError(linesSoFar, m.server_csv_not_utf8());
  }
  const last = parser.end();
  if (last.length > 0) yield last;
}

function countLines(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) if (text[index] === "\n") count += 1;
  return count;
}

/** How many line feeds come before the first byte that is not UTF-8 (a chunk may start inside a character: its tail is skipped). */
function linesBeforeBadByte(chunk: Uint8Array): number {
  let start = 0;
  while (start < 3 && start < chunk.length && ((chunk[start] as number) & 0xc0) === 0x80) start += 1;
  const text = new TextDecoder("utf-8").decode(chunk.subarray(start));
  const bad = text.indexOf("\uFFFD");
  return countLines(bad === -1 ? text : text.slice(0, bad));
}
