import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TestUser } from "../support/accounts";
import { tinyPdf } from "../support/applications";
import { rawRequest } from "../support/raw-request";
import { type ServerProcess, startServer } from "../support/server-process";
import { seedUsers, signInOverHttp } from "../support/server-users";
import { createServerEnvironment } from "../support/test-database";

// The built server with UPLOAD_MAX_MB=1, so the limits are cheap to reach.
const MB = 1024 * 1024;
let server: ServerProcess;
let dataDir: string;
let cleanup: (() => Promise<void>) | undefined;
let student: TestUser;
let cookie: string;
beforeAll(async () => {
  const environment = await createServerEnvironment();
  cleanup = environment.cleanup;
  dataDir = environment.env.DATA_DIR as string;
  [student] = (await seedUsers(environment.env, ["student"])) as [TestUser];
  server = await startServer({ ...environment.env, LOG_LEVEL: "warn", UPLOAD_MAX_MB: "1" });
  cookie = await signInOverHttp(server, student);
});
afterAll(async () => {
  await server?.stop();
  await cleanup?.();
});

function pdfOf(size: number): Buffer {
  const pdf = tinyPdf();
  return Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
}

async function uploadDocument(bytes: Buffer) {
  const form = new FormData();
  form.append("bankStatement", new File([new Uint8Array(bytes)], "statement.pdf", { type: "application/pdf" }));
  const response = await fetch(`${server.url}/apply/documents/bankStatement`, { method: "POST", headers: { Cookie: cookie }, body: form });
  return { status: response.status, body: (await response.json()) as { detail?: string; document?: { url: string } } };
}

async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(path.join(dataDir, "uploads", "applications"), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

test("a document one byte over UPLOAD_MAX_MB is refused with 413 while streaming, and nothing is left behind", async () => {
  const refused = await uploadDocument(pdfOf(MB + 1));
  expect(refused.status).toBe(413);
  expect(refused.body.detail).toBe("The bank statement is too large: at most 1 MB");
  expect(await storedFiles()).toEqual([]);

  const accepted = await uploadDocument(pdfOf(MB));
  expect(accepted.status).toBe(200);
  expect(await storedFiles()).toHaveLength(1);

  // Served to its owner through the guarded route, with the document's own headers (the page CSP is replaced).
  const served = await fetch(`${server.url}${accepted.body.document?.url}`, { headers: { Cookie: cookie } });
  expect(served.status).toBe(200);
  expect(served.headers.get("content-security-policy")).toContain("sandbox");
  expect(served.headers.get("cache-control")).toBe("private, no-store");
  expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  expect((await served.arrayBuffer()).byteLength).toBe(MB);
  expect((await fetch(`${server.url}${accepted.body.document?.url}`)).status).toBe(404);
});

test("a whole form larger than 15 documents at UPLOAD_MAX_MB is refused before it is read", async () => {
  const answer = await rawRequest(server.url, {
    method: "POST",
    path: "/apply",
    headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": 15 * MB + 64 * 1024 + 1 },
    body: Buffer.alloc(1024),
  });
  expect(answer.status).toBe(413);
});
