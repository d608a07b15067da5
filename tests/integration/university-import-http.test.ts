import { beforeAll, describe, expect, test } from "vitest";
import type { TestUser } from "../support/accounts";
import { rawRequest } from "../support/raw-request";
import { signInOverHttp, withRunningServer } from "../support/server-users";

/** The university CSV contract (issue 21) against the built server, over real HTTP. */
describe("university CSV export and import over HTTP", () => {
  const app = withRunningServer(["manager", "consultant", "student", "admin"]);
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    const [manager, consultant, student, admin] = app.users as [TestUser, TestUser, TestUser, TestUser];
    cookies.manager = await signInOverHttp(app.server, manager);
    cookies.consultant = await signInOverHttp(app.server, consultant);
    cookies.student = await signInOverHttp(app.server, student);
    cookies.admin = await signInOverHttp(app.server, admin);
  });

  const get = (path: string, who?: string) =>
    fetch(`${app.server.url}${path}`, { headers: who ? { Cookie: cookies[who] ?? "" } : {}, redirect: "manual" });

  async function exportedCsv(): Promise<string> {
    const response = await get("/dashboard/universities/export.csv", "manager");
    expect(response.status).toBe(200);
    return response.text();
  }

  function importForm(csv: string, intent: string, fileName = "partners.csv") {
    const form = new FormData();
    form.set("file", new File([csv], fileName, { type: "text/csv" }));
    form.set("intent", intent);
    return form;
  }

  const post = (form: FormData, who: string) =>
    fetch(`${app.server.url}/dashboard/universities/import`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookies[who] ?? "", Origin: app.server.url },
      redirect: "manual",
    });

  test("every staff member exports text/csv in UTF-8 as an attachment, the header naming the university fields; a student and a stranger may not", async () => {
    for (const who of ["consultant", "manager", "admin"]) {
      const response = await get("/dashboard/universities/export.csv", who);
      expect(response.status, who).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="onward-universities-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
      const [header, ...rows] = text.split("\r\n").filter(Boolean);
      expect(header?.split(",").slice(0, 8)).toEqual(["slug", "name", "country", "city", "type", "website", "about", "facilities"]);
      expect(header?.split(",")).toEqual(
        expect.arrayContaining(["minimumIelts", "tuitionAmount", "tuitionCurrency", "intakes", "scholarshipList"]),
      );
      expect(header?.split(",")).not.toContain("id");
      expect(rows.length).toBeGreaterThanOrEqual(72);
    }
    const student = await get("/dashboard/universities/export.csv", "student");
    expect(student.status).toBe(403);
    expect(await student.text()).not.toContain("slug,name");
    const stranger = await get("/dashboard/universities/export.csv");
    expect([302, 303]).toContain(stranger.status);
    expect(stranger.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  test("an import with a bad row answers 400 naming its line and column, and writes nothing; fixed, it answers 303 and the university is there", async () => {
    const template = await (await get("/dashboard/universities/import/template.csv", "manager")).text();
    const [header = "", example = ""] = template.split("\r\n");
    const good = example.replace("example-university,Example University", "hollow-creek-university,Hollow Creek University");
    const bad = example
      .replace("example-university,Example University", "ridge-top-university,Ridge Top University")
      .replace(",24500,GBP,", ",24500,XYZ,");
    const refused = await post(importForm(`${header}\r\n${good}\r\n${bad}\r\n`, "import"), "manager");
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("partners.csv was not imported");
    expect(page).toMatch(/Line 3<\/span>, column <code[^>]*>tuitionCurrency<\/code>: Choose a currency from the list/);
    expect(await exportedCsv()).not.toContain("Hollow Creek University");

    const preview = await post(importForm(`${header}\r\n${good}\r\n`, "preview"), "manager");
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("1 row: 1 to add, 0 to update, 0 unchanged.");
    expect(await exportedCsv()).not.toContain("Hollow Creek University");

    const imported = await post(importForm(`${header}\r\n${good}\r\n`, "import"), "manager");
    expect(imported.status).toBe(303);
    expect(imported.headers.get("location")).toBe("/dashboard/universities/import");
    expect(await exportedCsv()).toContain("hollow-creek-university,Hollow Creek University");
    expect((await get("/university/hollow-creek-university")).status).toBe(200);
  });

  test("a consultant and a student may not import (nor see the page or the template)", async () => {
    const template = await (await get("/dashboard/universities/import/template.csv", "manager")).text();
    for (const who of ["consultant", "student"]) {
      const refused = await post(importForm(template.replace(/Example University/g, `Refused ${who} University`), "import"), who);
      expect(refused.status, who).toBe(403);
      expect((await get("/dashboard/universities/import", who)).status, who).toBe(403);
      expect((await get("/dashboard/universities/import/template.csv", who)).status, who).toBe(403);
    }
    const exported = await exportedCsv();
    expect(exported).not.toContain("Refused consultant University");
    expect(exported).not.toContain("Refused student University");
    expect((await get("/dashboard/universities/import", "admin")).status).toBe(200);
  });

  test("a file over the route's 20 MB cap is refused with 413", async () => {
    const boundary = "----onward-import-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nimport\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const megabyte = Buffer.alloc(1024 * 1024, "a");
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const megabytes = 21;
    const headers = {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      Cookie: cookies.manager ?? "",
      Origin: app.server.url,
    };
    const body = async function* () {
      yield head;
      for (let index = 0; index < megabytes; index++) yield megabyte;
      yield tail;
    };
    const declared = await rawRequest(app.server.url, {
      method: "POST",
      path: "/dashboard/universities/import",
      headers: { ...headers, "Content-Length": head.length + megabytes * megabyte.length + tail.length },
      body,
    });
    expect(declared.status).toBe(413);
    const chunked = await rawRequest(app.server.url, {
      method: "POST",
      path: "/dashboard/universities/import",
      headers: { ...headers, "Transfer-Encoding": "chunked" },
      body,
    });
    expect(chunked.status).toBe(413);
    // Just under the cap is read (and refused for what it holds, not for its size).
    const small = await post(importForm("a".repeat(1024), "preview"), "manager");
    expect(small.status).toBe(200);
  });
});
