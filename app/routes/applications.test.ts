import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/.server/db";
import { applications, auditEvents } from "~/.server/db/schema";
import { context, createUser, outcome, type TestUser } from "../../tests/support/accounts";
import { applicationForm, createSubmittedApplication, multipartRequest, tinyPdf } from "../../tests/support/applications";
import { callRoute } from "../../tests/support/call-route";
import { withTestDatabase } from "../../tests/support/database-per-file";
import { sessionOf, toastOf } from "../../tests/support/members";
import * as applicationDocument from "./application-document";
import * as apply from "./apply";
import * as applyDocument from "./apply-document";
import * as staffApplication from "./dashboard/application";

withTestDatabase();

const asUser = (user: TestUser | null, request: Request) => {
  if (user) request.headers.set("Cookie", user.cookie);
  return request;
};

type Reply = {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  documents: { field: string }[];
};

test("a complete post to /apply goes to the new application with “Successfully applied”; extra fields are ignored", async () => {
  const student = await createUser({ verified: true });
  const form = await applicationForm({ extra: { applicantId: "someone", status: "completed", email: "other@example.com" } });
  const result = await outcome(() =>
    apply.action({ request: asUser(student, multipartRequest("/apply", form)), params: {}, context: context() } as never),
  );
  expect(result.status).toBe(303);
  const [row] = await db().select().from(applications).where(eq(applications.applicantId, student.id));
  expect(result.location).toBe(`/dashboard/my-applications/${row?.id}`);
  expect(await toastOf(result.response)).toBe("Successfully applied");
  expect(row).toMatchObject({ status: "submitted", email: student.email });
});

test("a refused post answers the form with the spec's message, each problem on its field, what was typed, and the documents kept", async () => {
  const student = await createUser({ verified: true });
  const form = await applicationForm({ text: { motherName: "" }, files: { policeClearance: null } });
  const answer = await callRoute<Reply>(apply, { path: "/apply", form, headers: { Cookie: student.cookie } });
  expect(answer.status).toBe(400);
  expect(answer.data.result.error?.[""]).toEqual(["Please provide valid information"]);
  expect(answer.data.result.error?.motherName).toEqual(["This field is required"]);
  expect(answer.data.result.error?.policeClearance).toEqual(["Choose a file"]);
  expect(answer.data.result.initialValue?.fatherName).toBe("Abdul Karim");
  expect(answer.data.documents.map((document) => document.field)).toHaveLength(14);
});

test("an unconfirmed e-mail's post is refused with the reason (403) and stores nothing", async () => {
  const student = await createUser();
  const answer = await callRoute<Reply>(apply, { path: "/apply", form: await applicationForm(), headers: { Cookie: student.cookie } });
  expect(answer.status).toBe(403);
  expect(answer.data.result.error?.[""]?.[0]).toMatch(/confirm your e-mail address before you apply/);
  expect(await db().select().from(applications).where(eq(applications.applicantId, student.id))).toEqual([]);
});

test("the form pre-selects a catalogue university and its country from ?university=, and fills the name from the profile", async () => {
  const student = await createUser({ verified: true, name: "Farhan Ahmed" });
  const answer = await callRoute<{ defaultValue: Record<string, string>; countries: string[] }>(apply, {
    path: "/apply?university=queens-university-belfast",
    headers: { Cookie: student.cookie },
  });
  expect(answer.data.defaultValue).toMatchObject({ universityName: "Queen's University Belfast", countryName: "UK", name: "Farhan Ahmed" });
  expect(answer.data.countries.slice(0, 11)).toEqual([
    "UK",
    "USA",
    "China",
    "Dubai",
    "France",
    "Finland",
    "Germany",
    "Denmark",
    "Malaysia",
    "Australia",
    "Netherlands",
  ]);
  expect(answer.data.countries).toEqual(expect.arrayContaining(["Canada", "Japan", "South Korea"]));
  expect(answer.data.countries).not.toContain("United Kingdom");
});

async function upload(user: TestUser | null, field: string, file: File | null) {
  const form = new FormData();
  if (file) form.append(field, file);
  else form.append("other", "x");
  const response = (await applyDocument.action({
    request: asUser(user, multipartRequest(`/apply/documents/${field}`, form)),
    params: { field },
    context: context(),
  } as never)) as Response;
  return {
    status: response.status,
    body: (await response.json()) as { document?: { url: string; fileName: string }; draftId?: string; error?: string; detail?: string },
  };
}

test("one document uploads on its own into the draft; refusals name the document and say why", async () => {
  const student = await createUser({ verified: true });
  const ok = await upload(student, "bankStatement", new File([new Uint8Array(tinyPdf())], "statement.pdf"));
  expect(ok.status).toBe(200);
  expect(ok.body.document).toMatchObject({
    fileName: "statement.pdf",
    url: `/dashboard/my-applications/${ok.body.draftId}/documents/bankStatement`,
  });
  const bad = await upload(student, "bankStatement", new File(["<?php echo 1; ?>"], "statement.jpg"));
  expect(bad).toMatchObject({
    status: 400,
    body: {
      error: "Error uploading the bank statement. Please try again",
      detail: "The bank statement must be a JPEG, PNG or WebP image or a PDF file",
    },
  });
  expect((await upload(student, "bankStatement", null)).status).toBe(400);
  expect((await upload(null, "bankStatement", new File([new Uint8Array(tinyPdf())], "s.pdf"))).status).toBe(401);
  expect((await upload(await createUser(), "bankStatement", new File([new Uint8Array(tinyPdf())], "s.pdf"))).status).toBe(403);
  expect((await upload(student, "diary", new File([new Uint8Array(tinyPdf())], "s.pdf"))).status).toBe(404);
});

async function fetchDocument(user: TestUser | null, path: string, id: string, field: string) {
  const response = (await applicationDocument.loader({
    request: asUser(user, new Request(`http://localhost:3000${path}`)),
    params: { id, field },
    context: context(),
  } as never)) as Response;
  return response;
}

test("documents are served to the owner and staff with safe headers; anyone else gets 404; staff views are audited", async () => {
  const owner = await createUser({ verified: true });
  const { id } = await createSubmittedApplication(await sessionOf(owner));
  const ownPath = `/dashboard/my-applications/${id}/documents/passport`;
  const staffPath = `/dashboard/applications/${id}/documents/bankStatement`;
  const own = await fetchDocument(owner, ownPath, id, "passport");
  expect(own.status).toBe(200);
  expect(Object.fromEntries(own.headers)).toMatchObject({
    "content-type": "image/png",
    "content-disposition": 'inline; filename="passport.png"',
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  });
  expect(own.headers.get("content-security-policy")).toContain("sandbox");
  expect(
    Buffer.from(await own.arrayBuffer())
      .subarray(1, 4)
      .toString(),
  ).toBe("PNG");

  const consultant = await createUser({ role: "consultant" });
  const asStaff = await fetchDocument(consultant, staffPath, id, "bankStatement");
  expect(asStaff.status).toBe(200);
  expect(Buffer.from(await asStaff.arrayBuffer()).equals(tinyPdf())).toBe(true);
  const audited = await db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actorId, consultant.id), eq(auditEvents.action, "application.document-viewed")));
  expect(audited).toHaveLength(1);

  const stranger = await createUser({ verified: true });
  for (const [user, path] of [
    [stranger, ownPath],
    [stranger, staffPath],
    [null, ownPath],
    [null, staffPath],
    [owner, staffPath],
    [consultant, ownPath],
  ] as const) {
    const response = await fetchDocument(user, path, id, path.endsWith("passport") ? "passport" : "bankStatement");
    expect(response.status, `${user?.email ?? "signed out"} on ${path}`).toBe(404);
  }
  expect((await fetchDocument(owner, `/dashboard/my-applications/nope/documents/passport`, "nope", "passport")).status).toBe(404);
});

test("staff posts: a status outside the three is a 400 with the reason; a note alone joins the timeline; a missing id is a 404", async () => {
  const { id } = await createSubmittedApplication(await sessionOf(await createUser({ verified: true })));
  const manager = await createUser({ role: "manager" });
  const post = (form: Record<string, string>, target = id) =>
    callRoute<Reply>(staffApplication, {
      path: `/dashboard/applications/${target}`,
      pattern: "/dashboard/applications/:id",
      form,
      headers: { Cookie: manager.cookie },
    });
  const bogus = await post({ status: "approved" });
  expect(bogus.status).toBe(400);
  expect(bogus.data.result.error?.status).toEqual(["Choose Processing, Rejected or Completed"]);
  const note = await post({ intent: "note", note: "Waiting for the IELTS result." });
  expect(note.status).toBe(303);
  const done = await post({ status: "completed" });
  expect(done.status).toBe(303);
  expect((await post({ status: "completed" }, "no-such-application")).status).toBe(404);
  const [row] = await db().select({ status: applications.status }).from(applications).where(eq(applications.id, id));
  expect(row?.status).toBe("completed");
});
