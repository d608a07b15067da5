import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { documentFields } from "~/lib/applications";
import { catalogueFileOperations } from "~/routes/api/v1/catalogue-files.server";
import { checklistOperations } from "~/routes/api/v1/checklist.server";
import { createUser, type TestUser } from "../support/accounts";
import { type ApiClient, apiClient } from "../support/api-client";
import { applicationText, tinyPdf, tinyPng } from "../support/applications";
import { auditEventsWhere } from "../support/audit-log";
import { loggedErrors, type ServerProcess, startServer } from "../support/server-process";
import { onServerDatabase, signInOverHttp } from "../support/server-users";
import { createServerEnvironment } from "../support/test-database";

// The JSON API's file operations over real HTTP against the built server (ADR 033): the catalogue's
// CSV export, template and import, a student's document checklist, and staff reading a document's
// replaced copy; each answer checked against the document.
let server: ServerProcess;
let environment: Awaited<ReturnType<typeof createServerEnvironment>>;
let student: TestUser;
let other: TestUser;
let consultant: TestUser;
let manager: TestUser;
/** The student's submitted application, whose bank statement was replaced twice. */
let applicationId: string;
let api: ApiClient;
const call: ApiClient["call"] = (...args) => api.call(...args);
const tokenOf: ApiClient["tokenOf"] = (...args) => api.tokenOf(...args);

const firstStatement = tinyPdf("First statement");
const newStatement = tinyPdf("New statement");

beforeAll(async () => {
  environment = await createServerEnvironment();
  ({ student, other, consultant, manager } = await onServerDatabase(environment.env, async () => ({
    student: await createUser({ verified: true }),
    other: await createUser({ verified: true }),
    consultant: await createUser({ role: "consultant", verified: true }),
    manager: await createUser({ role: "manager", verified: true }),
  })));
  server = await startServer({ ...environment.env, LOG_LEVEL: "warn" });
  api = await apiClient(server.url);
  applicationId = await applyWithReplacedStatement();
});
afterAll(async () => {
  await server?.stop();
  await environment?.cleanup();
});

/**
 * The student applies through the API (into the server's own storage); staff ask a new copy of the
 * bank statement twice, and each time the student sends one through their application's page, so
 * the statement has two replaced copies: the original, then `firstStatement`.
 */
async function applyWithReplacedStatement(): Promise<string> {
  const [studentToken, consultantToken] = await Promise.all([tokenOf(student), tokenOf(consultant)]);
  const png = await tinyPng();
  for (const field of documentFields) {
    const [bytes, name, type] =
      field === "bankStatement" ? [tinyPdf(), "bankStatement.pdf", "application/pdf"] : [png, `${field}.png`, "image/png"];
    const uploaded = await call("uploadDocument", {
      path: `/me/application/documents/${field}`,
      token: studentToken,
      body: fileForm(field, bytes, name, type),
    });
    expect(uploaded.status).toBe(200);
  }
  const submitted = await call("submitApplication", { token: studentToken, json: applicationText });
  expect(submitted.status).toBe(201);
  const id = (submitted.body.data as { id: string }).id;
  const cookie = await signInOverHttp(server, student);
  for (const [reason, bytes, name] of [
    ["The statement is blurred.", firstStatement, "statement.pdf"],
    ["It is not stamped.", newStatement, "statement-march.pdf"],
  ] as const) {
    const review = { field: "bankStatement", decision: "needs-new-copy", reason };
    expect((await call("reviewDocument", { path: `/applications/${id}/reviews`, token: consultantToken, json: review })).status).toBe(200);
    const sent = await fetch(`${server.url}/dashboard/my-applications/${id}`, {
      method: "POST",
      body: fileForm("bankStatement", bytes, name, "application/pdf"),
      headers: { Cookie: cookie, Origin: server.url },
      redirect: "manual",
    });
    expect(sent.status).toBe(303);
  }
  return id;
}

function fileForm(field: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

/** The import's body as the page's form sends it, without the intent (the query carries it). */
function csvFile(content: string | Uint8Array<ArrayBuffer>, fileName = "partners.csv") {
  const form = new FormData();
  form.set("file", new File([content], fileName, { type: "text/csv" }));
  return form;
}

type Report = {
  fileName: string;
  rows: number;
  added: number;
  updated: number;
  unchanged: number;
  problems: { line: number; row: number; column: string | null; message: string }[];
  problemCount: number;
};

describe("the catalogue's CSV files", () => {
  test("export and template: text/csv attachments as the pages send them, for the pages' roles only", async () => {
    const [studentToken, consultantToken, managerToken] = await Promise.all([tokenOf(student), tokenOf(consultant), tokenOf(manager)]);
    const exported = await call("exportUniversities", { token: consultantToken });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("Content-Disposition")).toMatch(/^attachment; filename="onward-universities-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(exported.headers.get("Cache-Control")).toBe("private, no-store");
    const [header, ...rows] = (exported.bytes?.toString("utf8") ?? "").split("\r\n").filter(Boolean);
    expect(header?.split(",").slice(0, 4)).toEqual(["slug", "name", "country", "city"]);
    expect(rows.length).toBeGreaterThanOrEqual(72);
    expect((await call("exportUniversities", { token: studentToken })).body.error?.code).toBe("FORBIDDEN");
    expect((await call("exportUniversities")).body.error?.code).toBe("UNAUTHENTICATED");

    const template = await call("getUniversityImportTemplate", { token: managerToken });
    expect([template.status, template.headers.get("Content-Disposition")]).toEqual([
      200,
      'attachment; filename="onward-universities-template.csv"',
    ]);
    expect(template.bytes?.toString("utf8").split("\r\n")[0]).toBe(header);
    for (const token of [consultantToken, studentToken]) {
      expect((await call("getUniversityImportTemplate", { token })).body.error?.code).toBe("FORBIDDEN");
    }
    expect((await call("getUniversityImportTemplate")).status).toBe(401);
  });

  test("a preview lists each problem by line and column and writes nothing; an import of a bad file is 400 naming them; a good one adds its rows", async () => {
    const managerToken = await tokenOf(manager);
    const template = (await call("getUniversityImportTemplate", { token: managerToken })).bytes?.toString("utf8") ?? "";
    const [header = "", example = ""] = template.split("\r\n");
    const good = example.replace("example-university,Example University", "hollow-creek-university,Hollow Creek University");
    const bad = example
      .replace("example-university,Example University", "ridge-top-university,Ridge Top University")
      .replace(",24500,GBP,", ",24500,XYZ,");
    const withBadRow = `${header}\r\n${good}\r\n${bad}\r\n`;
    const importing = (intent: string, body: FormData, token = managerToken) =>
      call("importUniversities", { path: `/universities/import?intent=${intent}`, token, body });

    const preview = await importing("preview", csvFile(withBadRow));
    expect(preview.status).toBe(200);
    const report = (preview.body.data as { intent: string; report: Report }).report;
    expect(report).toMatchObject({ fileName: "partners.csv", rows: 2, added: 1, updated: 0, unchanged: 0, problemCount: 1 });
    expect(report.problems).toEqual([
      { line: 3, row: 3, column: "tuitionCurrency", message: expect.stringContaining("Choose a currency") },
    ]);

    const refused = await importing("import", csvFile(withBadRow));
    expect([refused.status, refused.body.error?.code, refused.body.error?.message]).toEqual([
      400,
      "INVALID",
      "1 problem in the file: nothing was written.",
    ]);
    expect(refused.body.error?.fields).toEqual({ "line 3, column tuitionCurrency": expect.stringContaining("Choose a currency") });
    for (const slug of ["hollow-creek-university", "ridge-top-university"]) {
      expect((await call("getUniversity", { path: `/universities/${slug}` })).status).toBe(404);
    }

    // Bad requests: no intent (refused before the body is read), no file, a field the import does not take.
    const noIntent = await call("importUniversities", { token: managerToken, body: csvFile(good) });
    expect([noIntent.status, noIntent.body.error?.fields]).toEqual([400, { intent: "Choose preview or import." }]);
    expect((await importing("import", new FormData())).body.error?.fields).toEqual({ file: "Choose a CSV file to preview or import." });
    const extra = csvFile(`${header}\r\n${good}\r\n`);
    extra.set("intent", "import");
    expect((await importing("import", extra)).body.error?.fields).toEqual({ intent: "This field is not accepted here." });
    expect((await call("getUniversity", { path: "/universities/hollow-creek-university" })).status).toBe(404);

    // A file that is not UTF-8 is the reader's own refusal, in the report.
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(header, "utf16le")]);
    const wrongEncoding = (await importing("preview", csvFile(utf16))).body.data as { report: Report };
    expect(wrongEncoding.report.problems).toEqual([expect.objectContaining({ line: 1, message: expect.stringContaining("UTF-16") })]);

    const imported = await importing("import", csvFile(`${header}\r\n${good}\r\n`));
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ intent: "import", report: { rows: 1, added: 1, updated: 0, problemCount: 0 } });
    const added = await call("getUniversity", { path: "/universities/hollow-creek-university" });
    expect(added.body.data).toMatchObject({ slug: "hollow-creek-university", name: "Hollow Creek University" });
    const exported = (await call("exportUniversities", { token: managerToken })).bytes?.toString("utf8") ?? "";
    expect(exported).toContain("hollow-creek-university,Hollow Creek University");

    // The export imported again changes nothing: every row is unchanged.
    const again = await importing("import", csvFile(exported, "export.csv"));
    const rows = exported.split("\r\n").filter(Boolean).length - 1;
    expect(again.body.data).toMatchObject({ report: { rows, added: 0, updated: 0, unchanged: rows, problemCount: 0 } });
  });

  test("only managers import: a consultant or student is refused before the file is read, a caller without a token is 401", async () => {
    const [studentToken, consultantToken, managerToken] = await Promise.all([tokenOf(student), tokenOf(consultant), tokenOf(manager)]);
    const template = (await call("getUniversityImportTemplate", { token: managerToken })).bytes?.toString("utf8") ?? "";
    const refusedFile = template.replace(/example-university,Example University/g, "refused-university,Refused University");
    for (const token of [studentToken, consultantToken]) {
      const refused = await call("importUniversities", { path: "/universities/import?intent=import", token, body: csvFile(refusedFile) });
      expect([refused.status, refused.body.error?.code]).toEqual([403, "FORBIDDEN"]);
    }
    const anonymous = await call("importUniversities", { path: "/universities/import?intent=import", body: csvFile(refusedFile) });
    expect([anonymous.status, anonymous.body.error?.code]).toEqual([401, "UNAUTHENTICATED"]);
    expect((await call("getUniversity", { path: "/universities/refused-university" })).status).toBe(404);
  });

  test("a body over the import's 20 MB cap is refused with 413 in the envelope", async () => {
    const managerToken = await tokenOf(manager);
    const huge = await call("importUniversities", {
      path: "/universities/import?intent=preview",
      token: managerToken,
      body: csvFile(new Uint8Array(21 * 1024 * 1024).fill(97)),
    });
    expect([huge.status, huge.body.error?.code]).toEqual([413, "TOO_LARGE"]);
  });
});

type Checklist = {
  applicationId: string;
  ready: number;
  total: number;
  items: { key: string; text: string; ready: boolean; manual: boolean }[];
};

describe("the document checklist", () => {
  test("the applicant ticks an item and reads it back; staff read it; anyone else finds nothing and changes nothing", async () => {
    const [studentToken, otherToken, consultantToken] = await Promise.all([tokenOf(student), tokenOf(other), tokenOf(consultant)]);
    const at = `/applications/${applicationId}/checklist`;
    const read = async (token: string) => (await call("getChecklist", { path: at, token })).body.data as Checklist;
    const before = await read(studentToken);
    expect(before).toMatchObject({ applicationId, country: "United Kingdom", status: "processing" });
    const manual = before.items.find((item) => item.manual && !item.ready);
    const byDocument = before.items.find((item) => !item.manual);
    if (!manual || !byDocument) throw new Error("the UK checklist has items of both kinds");
    expect(await read(consultantToken)).toEqual(before);

    const tick = (token: string | undefined, key: string, json: unknown) => call("setChecklistTick", { path: `${at}/${key}`, token, json });
    expect((await tick(otherToken, manual.key, { ticked: true })).status).toBe(404);
    expect((await tick(consultantToken, manual.key, { ticked: true })).status).toBe(404);
    expect((await tick(undefined, manual.key, { ticked: true })).status).toBe(401);
    expect((await tick(studentToken, manual.key, { ticked: "yes" })).body.error?.fields).toEqual({
      ticked: "Say whether the item is ticked: true or false.",
    });
    expect((await tick(studentToken, manual.key, { ticked: true, intent: "tick" })).body.error?.fields).toEqual({
      intent: "This field is not accepted here.",
    });
    const automatic = await tick(studentToken, byDocument.key, { ticked: true });
    expect([automatic.status, automatic.body.error?.message]).toEqual([400, expect.stringContaining("ticks itself once you upload")]);
    expect((await tick(studentToken, "paper-nothing", { ticked: true })).status).toBe(400);
    expect(await read(studentToken)).toEqual(before);

    const ticked = await tick(studentToken, manual.key, { ticked: true });
    expect(ticked.body.data).toEqual({ text: manual.text, ticked: true });
    const after = await read(studentToken);
    expect([after.ready, after.items.find((item) => item.key === manual.key)?.ready]).toEqual([before.ready + 1, true]);
    expect((await read(consultantToken)).ready).toBe(before.ready + 1);
    expect((await tick(studentToken, manual.key, { ticked: false })).body.data).toEqual({ text: manual.text, ticked: false });
    expect((await read(studentToken)).ready).toBe(before.ready);

    const elsewhere = await call("getChecklist", { path: at, token: otherToken });
    expect([elsewhere.status, elsewhere.body.error?.code]).toEqual([404, "NOT_FOUND"]);
    expect((await call("getChecklist", { path: "/applications/no-such-application/checklist", token: studentToken })).status).toBe(404);
    expect((await call("getChecklist", { path: at })).status).toBe(401);
  });
});

describe("a document's replaced copies", () => {
  test("staff read a replaced copy by its version as the staff page sends it; a student may not, and an unknown version is 404", async () => {
    const [studentToken, consultantToken] = await Promise.all([tokenOf(student), tokenOf(consultant)]);
    const application = (await call("getApplication", { path: `/applications/${applicationId}`, token: consultantToken })).body.data as {
      documents: { field: string; history: { id: number; fileName: string }[] }[];
    };
    const history = application.documents.find((document) => document.field === "bankStatement")?.history ?? [];
    expect(history.map((version) => version.fileName)).toEqual(["statement.pdf", "bankStatement.pdf"]);
    const [newer, oldest] = history.map((version) => version.id);
    const at = (version: unknown) => `/applications/${applicationId}/documents/bankStatement/versions/${version}`;

    const first = await call("downloadDocumentVersion", { path: at(newer), token: consultantToken });
    expect([first.status, first.headers.get("Content-Type"), first.headers.get("Content-Disposition")]).toEqual([
      200,
      "application/pdf",
      'inline; filename="bank-statement.pdf"',
    ]);
    expect(first.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(first.bytes?.equals(firstStatement)).toBe(true);
    expect((await call("downloadDocumentVersion", { path: at(oldest), token: consultantToken })).bytes?.equals(tinyPdf())).toBe(true);
    const current = await call("downloadDocument", {
      path: `/applications/${applicationId}/documents/bankStatement`,
      token: consultantToken,
    });
    expect(current.bytes?.equals(newStatement)).toBe(true);

    expect((await call("downloadDocumentVersion", { path: at(newer), token: studentToken })).body.error?.code).toBe("FORBIDDEN");
    expect((await call("downloadDocumentVersion", { path: at(newer) })).status).toBe(401);
    for (const path of [
      at(999_999),
      at("first"),
      `/applications/${applicationId}/documents/passport/versions/${newer}`,
      `/applications/${applicationId}/documents/visa/versions/${newer}`,
    ]) {
      expect((await call("downloadDocumentVersion", { path, token: consultantToken })).status, path).toBe(404);
    }
  });
});

describe("coverage", () => {
  test("every operation of these files answered with a success, and no call made a fault", () => {
    const ids = [...catalogueFileOperations, ...checklistOperations].map((operation) => operation.id).concat("downloadDocumentVersion");
    expect(ids.filter((id) => !api.succeeded.has(id))).toEqual([]);
    expect(loggedErrors(server)).toEqual([]);
  });

  test("each staff view of a replaced copy is in the audit log with its version", async () => {
    await server.stop();
    const viewed = await onServerDatabase(environment.env, () =>
      auditEventsWhere({ action: "application.document-viewed", actorId: consultant.id }),
    );
    expect(viewed.map((event) => (event.detail as { version?: string }).version).filter(Boolean)).toHaveLength(2);
    expect(viewed.every((event) => event.targetId === student.id)).toBe(true);
  });
});
