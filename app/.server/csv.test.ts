import { describe, expect, test } from "vitest";
import { CsvError, CsvParser, csvRecord, neutraliseFormula, readCsv, restoreFormula } from "./csv";

/** Bytes in chunks of `size`, so that quotes, CRLFs and characters fall across chunk boundaries. */
async function* inChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function records(bytes: Uint8Array, size = 3) {
  const all: { line: number; cells: string[] }[] = [];
  for await (const batch of readCsv(inChunks(bytes, size), { maxBytes: 1_000_000, maxCellLength: 1_000 })) all.push(...batch);
  return all;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

async function refusal(bytes: Uint8Array, size = 4): Promise<CsvError> {
  try {
    await records(bytes, size);
  } catch (error) {
    if (error instanceof CsvError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("writing CSV", () => {
  test("quotes a cell with a comma, a quote or a line break, doubles its quotes, and ends records with CRLF", () => {
    expect(csvRecord(["plain", "a,b", 'say "hi"', "two\nlines", ""])).toBe('plain,"a,b","say ""hi""","two\nlines",\r\n');
  });

  test("neutralises a cell a spreadsheet would run, and restoring gives back exactly what was written", () => {
    for (const cell of ["=1+1", "+44 20", "-5", "@SUM(A1)", "\tx", "\rx", "'=x", "''+y"]) {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
      expect(restoreFormula(neutraliseFormula(cell))).toBe(cell);
    }
    for (const cell of ["plain", "'quoted", "1-2", "a=b", ""]) {
      expect(neutraliseFormula(cell)).toBe(cell);
      expect(restoreFormula(cell)).toBe(cell);
    }
    expect(csvRecord(['=HYPERLINK("x")'])).toBe(`"'=HYPERLINK(""x"")"\r\n`);
  });
});

describe("reading CSV as it streams", () => {
  test("reads quoted cells, doubled quotes, line breaks in cells, CRLF, LF and CR, with the line each record starts on", async () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n\r\nlast,,\nlf,only,here\rcr,only,here';
    const read = await records(utf8(text));
    expect(read).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["x, y", 'say "hi"', "two\r\nlines"] },
      { line: 5, cells: ["last", "", ""] },
      { line: 6, cells: ["lf", "only", "here"] },
      { line: 7, cells: ["cr", "only", "here"] },
    ]);
    // Every chunk size gives the same records.
    for (const size of [1, 2, 5, 64]) expect(await records(utf8(text), size)).toEqual(read);
  });

  test("a UTF-8 byte order mark is allowed; Bengali and accents come through whole across chunks", async () => {
    const read = await records(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("name\r\nঢাকা বিশ্ববিদ্যালয়\r\nUniversität Wien\r\n")]), 1);
    expect(read.map((record) => record.cells[0])).toEqual(["name", "ঢাকা বিশ্ববিদ্যালয়", "Universität Wien"]);
  });

  test("refuses Latin-1, UTF-16 (with or without its mark) and a spreadsheet's own format, naming the line", async () => {
    const latin1 = new Uint8Array([...utf8("name\r\nok\r\nUniversit"), 0xe4, ...utf8("t Wien\r\n")]);
    expect(await refusal(latin1)).toMatchObject({ line: 3, message: expect.stringContaining("not UTF-8") });
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from("name\r\n", "utf16le")]);
    expect(await refusal(utf16)).toMatchObject({ line: 1, message: expect.stringContaining("UTF-16") });
    const utf16NoMark = new Uint8Array(Buffer.from("name\r\nx\r\n", "utf16le"));
    expect(await refusal(utf16NoMark)).toMatchObject({ line: 1, message: expect.stringContaining("NUL") });
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0xc3, 0x28]);
    expect((await refusal(xlsx)).message).toMatch(/UTF-8|NUL/);
  });

  test("refuses a stray quote, text after a closing quote, a quote that never closes, and an endless cell", async () => {
    expect(await refusal(utf8('a,b\r\nfine,ab"c\r\n'))).toMatchObject({
      line: 2,
      message: expect.stringContaining("does not start with one"),
    });
    expect(await refusal(utf8('a,b\r\n"x"y,z\r\n'))).toMatchObject({ line: 2, message: expect.stringContaining("closes") });
    expect(await refusal(utf8('a,b\r\nok,ok\r\n"open,\r\nmore\r\n'))).toMatchObject({
      line: 3,
      message: expect.stringContaining("never closes"),
    });
    const parser = new CsvParser(10);
    expect(() => parser.push('"01234567890')).toThrow(/longer than 10 characters/);
  });

  test("refuses a file past its size while reading it", async () => {
    const big = utf8("x".repeat(5_000));
    await expect(
      (async () => {
        for await (const _ of readCsv(inChunks(big, 1_000), { maxBytes: 4_096, maxCellLength: 10_000 })) {
          // reading
        }
      })(),
    ).rejects.toMatchObject({ code: "TOO_LARGE", status: 413 });
  });
});
