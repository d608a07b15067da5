import { count, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { UNIVERSITY_IMPORT_MAX_BYTES } from "~/lib/university-import";
import { createUser } from "../../../tests/support/accounts";
import { auditEventsWhere } from "../../../tests/support/audit-log";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { sessionOf } from "../../../tests/support/members";
import type { SessionUser } from "../auth/session";
import { onContentChanged } from "../content-changes";
import { csvRecord } from "../csv";
import { db } from "../db";
import { universities } from "../db/schema";
import { exportUniversitiesCsv, universityCsvTemplate } from "./export-universities";
import { importUniversities } from "./import-universities";
import { exampleUniversity, type UniversityCsvColumn, universityCells, universityCsvColumns } from "./university-csv";

withTestDatabase();

type Row = Partial<Record<UniversityCsvColumn, string>>;

const example = Object.fromEntries(universityCsvColumns.map((column, index) => [column, universityCells(exampleUniversity)[index]]));

/** A row as a file holds it: the template's example with these cells changed. */
const row = (cells: Row): string => csvRecord(universityCsvColumns.map((column) => cells[column] ?? example[column] ?? ""));
const header = csvRecord(universityCsvColumns);
const file = (...rows: Row[]) => header + rows.map(row).join("");

async function* bytes(content: string | Uint8Array, chunk = 4_096): AsyncGenerator<Uint8Array> {
  const all = typeof content === "string" ? new TextEncoder().encode(content) : content;
  for (let start = 0; start < all.length; start += chunk) yield all.subarray(start, start + chunk);
}

let manager: SessionUser | undefined;
async function actor(): Promise<SessionUser> {
  manager ??= await sessionOf(await createUser({ role: "manager" }));
  return manager;
}

const preview = async (content: string | Uint8Array) =>
  importUniversities({ actor: await actor(), file: bytes(content), fileName: "partners.csv", write: false });
const run = async (content: string | Uint8Array, options: { maxBytes?: number } = {}) =>
  importUniversities({ actor: await actor(), file: bytes(content), fileName: "partners.csv", write: true, ...options });

async function exported(): Promise<string> {
  let text = "";
  for await (const part of exportUniversitiesCsv()) text += part;
  return text;
}

const universityCount = async () => (await db().select({ n: count() }).from(universities))[0]?.n ?? 0;
const bySlug = async (slug: string) => (await db().select().from(universities).where(eq(universities.slug, slug)))[0];

describe("exporting the catalogue", () => {
  test("a header of the university fields (no id, logo or timestamps), one row per university, lists as JSON", async () => {
    const text = await exported();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(universityCsvColumns.join(","));
    expect(lines[0]?.startsWith("slug,name,country,city,type,website,about,facilities,coursesOffered,examsAccepted,tuitionAmount")).toBe(
      true,
    );
    for (const absent of ["id", "logo", "createdAt", "updatedAt", "createdBy", "updatedBy"])
      expect(lines[0]?.split(",")).not.toContain(absent);
    const total = await universityCount();
    // One record per university (every built-in "about" is one line, so a record is a line here).
    expect(lines.filter(Boolean)).toHaveLength(total + 1);
    const tum = await bySlug("technical-university-of-munich");
    const tumLine = lines.find((line) => line.startsWith("technical-university-of-munich,")) ?? "";
    expect(tumLine).toContain(csvRecord([JSON.stringify(tum?.facilities)]).trim());
    expect(tumLine).toContain('""month"":10,""deadline"":{""month"":7,""day"":15}');
  });

  test("the template is the header and one example row that imports as it is", async () => {
    const template = universityCsvTemplate();
    expect(template.split("\r\n")[0]).toBe(universityCsvColumns.join(","));
    const checked = await preview(template);
    expect(checked.report).toMatchObject({ rows: 1, added: 1, problemCount: 0 });
  });
});

describe("importing", () => {
  test("a round trip changes nothing: export, import, export again gives the same bytes, and no university is touched", async () => {
    // A university with cells a spreadsheet would run as formulas, quotes and line breaks.
    expect(
      (
        await run(
          file({
            slug: "formula-test-university",
            name: "=Formula Test University",
            city: "@Home, +44",
            about: '-5 points "quoted", and\r\na second line',
            examsAccepted: "+IELTS",
          }),
        )
      ).status,
    ).toBe("imported");
    const before = await db().select().from(universities);
    const first = await exported();
    expect(first).toContain("formula-test-university,'=Formula Test University");
    expect(first).toContain(`"'@Home, +44"`);
    expect(first).toContain(`"'-5 points ""quoted"", and\r\na second line"`);

    const again = await run(first);
    expect(again.report.problems).toEqual([]);
    expect(again.status).toBe("imported");
    expect(again.report).toMatchObject({ added: 0, updated: 0, unchanged: before.length, problemCount: 0 });
    expect(await exported()).toBe(first);
    const after = await db().select().from(universities);
    expect(after).toEqual(before);
    expect(await bySlug("formula-test-university")).toMatchObject({
      name: "=Formula Test University",
      city: "@Home, +44",
      about: '-5 points "quoted", and\r\na second line',
    });
  });

  test("a preview writes nothing; an import adds and updates (by slug, else by country and name in any case) in one go, records it, and announces the change", async () => {
    const oxford = await bySlug("university-of-oxford");
    const qub = await bySlug("queens-university-belfast");
    if (!oxford || !qub) throw new Error("catalogue missing");
    const content = file(
      { slug: "", name: "Meridian Coast University", country: "Australia" },
      {
        slug: "harbour-light-university",
        name: "Harbour Light University",
        country: "Canada",
        tuitionAmount: "31000",
        tuitionCurrency: "CAD",
      },
      { slug: "university-of-oxford", name: oxford.name, country: oxford.country, city: "Oxford, Oxfordshire" },
      { slug: "", name: qub.name.toUpperCase(), country: "united kingdom", city: qub.city, minimumIelts: "7" },
    );
    const total = await universityCount();
    const checked = await preview(content);
    expect(checked.status).toBe("previewed");
    expect(checked.report).toMatchObject({ rows: 4, added: 2, updated: 2, unchanged: 0, problemCount: 0 });
    expect(checked.report.planned).toEqual([
      { line: 2, action: "add", name: "Meridian Coast University", country: "Australia", slug: null },
      { line: 3, action: "add", name: "Harbour Light University", country: "Canada", slug: "harbour-light-university" },
      { line: 4, action: "update", name: oxford.name, country: "United Kingdom", slug: "university-of-oxford" },
      { line: 5, action: "update", name: qub.name.toUpperCase(), country: "United Kingdom", slug: "queens-university-belfast" },
    ]);
    expect(await universityCount()).toBe(total);
    expect(await bySlug("harbour-light-university")).toBeUndefined();

    // (The catalogue's own cache is off in tests; the browser test sees the finder refresh.)
    let announced = 0;
    const stop = onContentChanged(() => {
      announced += 1;
    });
    const done = await run(content);
    stop();
    expect(done.status).toBe("imported");
    expect(done.report).toMatchObject({ added: 2, updated: 2 });
    expect(await universityCount()).toBe(total + 2);
    const me = await actor();
    expect(await bySlug("meridian-coast-university")).toMatchObject({ country: "Australia", createdBy: me.id, logo: null });
    expect(await bySlug("harbour-light-university")).toMatchObject({ tuitionAmount: 31_000, tuitionCurrency: "CAD", tuitionYear: 2025 });
    expect(await bySlug("university-of-oxford")).toMatchObject({ id: oxford.id, city: "Oxford, Oxfordshire", updatedBy: me.id });
    expect(await bySlug("queens-university-belfast")).toMatchObject({ id: qub.id, name: qub.name.toUpperCase(), minimumIelts: 7 });
    const event = (await auditEventsWhere({ action: "university.imported", actorId: me.id })).at(-1);
    expect(event?.detail).toMatchObject({ fileName: "partners.csv", rows: 4, added: 2, updated: 2, unchanged: 0 });
    expect(announced).toBe(1);
  });

  test("every refusal names its line and column, and nothing is written", async () => {
    const total = await universityCount();
    const stamps = await db().select({ id: universities.id, updatedAt: universities.updatedAt }).from(universities);
    const expectRefused = async (content: string | Uint8Array, problems: { line: number; column: string | null; message: string }[]) => {
      const outcome = await run(content);
      expect(outcome.status).toBe("refused");
      for (const expected of problems) {
        expect(outcome.report.problems).toContainEqual(
          expect.objectContaining({ ...expected, message: expect.stringContaining(expected.message) }),
        );
      }
      expect(await universityCount()).toBe(total);
      return outcome.report;
    };
    const good = (name: string): Row => ({ slug: "", name });

    // The header: an unknown column, a missing one, one twice.
    await expectRefused(header.replace("tuitionAmount", "tuitionFee") + row(good("A")), [
      { line: 1, column: null, message: "columns the format does not have: “tuitionFee”" },
      { line: 1, column: null, message: "lacks these columns: tuitionAmount" },
    ]);
    await expectRefused(header.replace("\r\n", ",name\r\n"), [{ line: 1, column: null, message: "names a column twice: name" }]);
    await expectRefused("", [{ line: 1, column: null, message: "The file is empty" }]);
    await expectRefused(header, [{ line: 2, column: null, message: "no rows under its header" }]);

    // The encoding: Latin-1, UTF-16.
    const latin1 = new Uint8Array([...new TextEncoder().encode(header + row(good("Wien Uni"))), ...[0x55, 0x6e, 0x69, 0xe4, 0x0d, 0x0a]]);
    await expectRefused(latin1, [{ line: 3, column: null, message: "not UTF-8" }]);
    await expectRefused(new Uint8Array([0xff, 0xfe, ...Buffer.from(file(good("Sixteen University")), "utf16le")]), [
      { line: 1, column: null, message: "UTF-16" },
    ]);

    // Figures out of range, an unknown currency, country or type, on the lines they are on.
    const report = await expectRefused(
      file(
        { ...good("Row Two University"), minimumIelts: "9.5" },
        { ...good("Row Three University"), tuitionAmount: "-100" },
        { ...good("Row Four University"), tuitionCurrency: "BDT" },
        { ...good("Row Five University"), country: "France" },
        { ...good("Row Six University"), type: "Semi-public" },
        { ...good("Row Seven University"), intakes: '[{"month":13,"deadline":null}]' },
        { ...good("Row Eight University"), tuitionCurrency: "" },
        { ...good("Row Nine University"), slug: "Not A Slug" },
        good("Row Ten University"),
      ),
      [
        { line: 2, column: "minimumIelts", message: "Choose a band from 2.5 to 9" },
        { line: 3, column: "tuitionAmount", message: "Enter a whole number, 0 or more" },
        { line: 4, column: "tuitionCurrency", message: "Choose a currency" },
        { line: 5, column: "country", message: "Choose one of our countries" },
        { line: 6, column: "type", message: "Choose Public or Private" },
        { line: 7, column: "intakes", message: "Entry 1: An intake's month is a number from 1 to 12" },
        { line: 8, column: "tuitionCurrency", message: "Give the currency of tuitionAmount" },
        { line: 9, column: "slug", message: "Use lowercase letters" },
      ],
    );
    // The good row would be added, but a file with any problem writes nothing.
    expect(report.problems.map((problem) => problem.line)).not.toContain(10);

    // The same university twice: by slug, or by country and name.
    await expectRefused(
      file(
        { slug: "twin-university", name: "Twin University" },
        { slug: "twin-university", name: "Other Twin University" },
        { slug: "", name: "TWIN UNIVERSITY" },
      ),
      [
        { line: 3, column: "slug", message: "Line 2 has the same slug, “twin-university”" },
        { line: 4, column: "name", message: "Line 2 has the same name in United Kingdom" },
      ],
    );

    // A row after a cell spanning lines is named by the line it starts on.
    await expectRefused(
      file({ ...good("Multi Line University"), about: "one\r\ntwo\r\nthree" }, { ...good("After University"), ieltsBand: "8" }),
      [{ line: 5, column: "ieltsBand", message: "The lowest band cannot be above the minimum overall score" }],
    );

    // A row too short; a quote left open.
    await expectRefused(`${header}${row(good("Fine University"))}short,row\r\n`, [
      { line: 3, column: null, message: "This row has 2 cells" },
    ]);
    await expectRefused(`${header}${row(good("Fine University"))}"never closed,${"x,".repeat(10)}\r\n`, [
      { line: 3, column: null, message: "never closes" },
    ]);

    // A new slug for a university the catalogue has under another, and a rename onto another's name.
    await expectRefused(file({ slug: "oxford", name: "University of Oxford" }), [
      { line: 2, column: "slug", message: "has the slug “university-of-oxford”: use that slug to update it" },
    ]);
    await expectRefused(file({ slug: "queens-university-belfast", name: "University of Oxford" }), [
      { line: 2, column: "name", message: "Another university (“university-of-oxford”) already has this name in United Kingdom" },
    ]);

    expect(await db().select({ id: universities.id, updatedAt: universities.updatedAt }).from(universities)).toEqual(stamps);
  });

  test("a file past the cap is refused while it is read", async () => {
    const total = await universityCount();
    const large = file(...Array.from({ length: 40 }, (_, index) => ({ slug: "", name: `Capped University ${index}` })));
    await expect(run(large, { maxBytes: 4_096 })).rejects.toMatchObject({ code: "TOO_LARGE", status: 413 });
    expect(await universityCount()).toBe(total);
    expect(UNIVERSITY_IMPORT_MAX_BYTES).toBe(20 * 1024 * 1024);
  });

  test("10,000 rows stream in, are added in one transaction, and export again", { timeout: 180_000 }, async () => {
    const total = await universityCount();
    const countries = ["Australia", "Canada", "Germany", "Japan", "United States"];
    const rows = Array.from({ length: 10_000 }, (_, index) =>
      row({
        slug: index % 2 === 0 ? `bulk-university-${index}` : "",
        name: `Bulk University ${index}`,
        country: countries[index % countries.length],
        tuitionAmount: String(10_000 + index),
        tuitionCurrency: "USD",
      }),
    );
    const content = header + rows.join("");
    expect(content.length).toBeGreaterThan(10_000_000);
    const started = performance.now();
    const done = await run(content);
    const seconds = (performance.now() - started) / 1000;
    expect(done.status).toBe("imported");
    expect(done.report).toMatchObject({ rows: 10_000, added: 10_000, problemCount: 0 });
    expect(await universityCount()).toBe(total + 10_000);
    const [odd] = await db()
      .select()
      .from(universities)
      .where(inArray(universities.name, ["Bulk University 9999"]));
    expect(odd).toMatchObject({ slug: "bulk-university-9999", tuitionAmount: 19_999, country: "United States" });
    const [{ n } = { n: 0 }] = await db()
      .select({ n: count() })
      .from(universities)
      .where(sql`${universities.name} like 'Bulk University %'`);
    expect(n).toBe(10_000);
    // The same file again changes nothing.
    const again = await preview(content);
    expect(again.report).toMatchObject({ rows: 10_000, added: 0, updated: 0, unchanged: 10_000 });
    console.info(`10,000 rows imported in ${seconds.toFixed(1)} s`);
  });
});
