import { PassThrough, type Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { type DocumentField, documentFields } from "~/lib/applications";
import { m } from "~/paraglide/messages";
import { createUser } from "../../../tests/support/accounts";
import { createSubmittedApplication, multipartRequest, tinyPdf, tinyPng } from "../../../tests/support/applications";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { refusal, sessionOf } from "../../../tests/support/members";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import {
  applicationDocuments,
  applicationDocumentVersions,
  applicationEvents,
  applicationMessages,
  applications,
  mailOutbox,
} from "../db/schema";
import { applicationChecklist } from "../plan/checklist";
import { getStorage } from "../storage/storage";
import { readMultipart } from "../uploads";
import { addApplicationNote } from "./add-note";
import { assignApplication, assignableConsultants } from "./assign";
import { applicationDocumentFiles } from "./document-sweep";
import { findApplication, type Viewer } from "./find-application";
import { hasUnread, postApplicationMessage, threadOpened, unreadMessageCount } from "./messages";
import { openApplicationDocument } from "./read-document";
import { replaceDocuments } from "./replace-documents";
import { reviewDocument } from "./review-document";
import { reopenApplication, setApplicationStatus } from "./set-status";
import { withdrawApplication } from "./withdraw";

withTestDatabase();

type StaffRole = "consultant" | "manager" | "admin";

const student = async () => sessionOf(await createUser({ verified: true }));
const staff = async (role: StaffRole = "consultant") => sessionOf(await createUser({ role, verified: true }));
const asStaff: Viewer = { as: "staff" };
const asOwner = (applicant: SessionUser): Viewer => ({ as: "owner", applicantId: applicant.id });

async function documentsOf(applicationId: string) {
  return db().select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, applicationId));
}

async function documentOf(applicationId: string, field: DocumentField) {
  const [row] = await db()
    .select()
    .from(applicationDocuments)
    .where(and(eq(applicationDocuments.applicationId, applicationId), eq(applicationDocuments.field, field)));
  if (!row) throw new Error(`no ${field} on ${applicationId}`);
  return row;
}

async function storedKeys(applicationId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of getStorage().list(`applications/${applicationId}/`)) keys.push(entry.key);
  return keys.sort();
}

/** The mails queued for `to`, oldest first. */
async function mailsTo(to: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
}

/** Everything a refused action must leave as it was (this file has its own database; its tests run one by one). */
async function snapshot(applicationId: string) {
  const [application] = await db()
    .select({ status: applications.status, assignedTo: applications.assignedTo, updatedAt: applications.updatedAt })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return {
    application,
    events: await db().$count(applicationEvents, eq(applicationEvents.applicationId, applicationId)),
    mails: await db().$count(mailOutbox),
    messages: await db().$count(applicationMessages, eq(applicationMessages.applicationId, applicationId)),
    versions: await db().$count(applicationDocumentVersions, eq(applicationDocumentVersions.applicationId, applicationId)),
    documents: (await documentsOf(applicationId))
      .map((document) => [document.field, document.storageKey, document.state, document.reason].join("|"))
      .sort(),
    files: await storedKeys(applicationId),
  };
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The student's post of new copies, streamed through the same parser as the page's action. */
function sendNewCopies(applicant: SessionUser, id: string, files: Partial<Record<string, { bytes: Buffer; name: string }>>) {
  const maxBytes = 10 * 1024 * 1024;
  const form = new FormData();
  form.append("intent", "replace-documents");
  for (const [field, file] of Object.entries(files)) {
    if (!file) continue;
    const type = file.name.endsWith(".pdf") ? "application/pdf" : "image/png";
    form.append(field, new File([new Uint8Array(file.bytes)], file.name, { type }));
  }
  const request = multipartRequest(`/dashboard/my-applications/${id}`, form);
  return replaceDocuments({
    id,
    applicant,
    maxBytes,
    readForm: (onFile) => readMultipart(request, { maxFileBytes: maxBytes, maxFiles: documentFields.length, maxFields: 10, onFile }),
  });
}

const newStatement = () => ({ bytes: tinyPdf("New statement"), name: "statement-march.pdf" });

/** A submitted application whose bank statement staff asked a new copy of (documents requested). */
async function withStatementAskedFor(reason = "The bank statement is blurred; please scan it again.") {
  const applicant = await student();
  const consultant = await staff();
  const { id } = await createSubmittedApplication(applicant);
  await reviewDocument({ id, field: "bankStatement", decision: "needs-new-copy", reason, actor: consultant });
  return { applicant, consultant, id, reason };
}

describe("the status flow on the real database", () => {
  test("a consultant setting Rejected on a Completed application is a CONFLICT (409) and nothing changes", async () => {
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    const manager = await staff("manager");
    await setApplicationStatus({ id, status: "completed", actor: consultant });
    expect((await findApplication({ id, viewer: asOwner(applicant) })).status).toBe("completed");
    const before = await snapshot(id);
    const error = await refusal(() => setApplicationStatus({ id, status: "rejected", actor: consultant }));
    expect(error.code).toBe("CONFLICT");
    expect(error.status).toBe(409);
    expect(error.message).toContain("only a manager can reopen it");
    // A manager cannot skip the reopen either.
    expect((await refusal(() => setApplicationStatus({ id, status: "processing", actor: manager }))).code).toBe("CONFLICT");
    expect(await snapshot(id)).toEqual(before);
    expect((await findApplication({ id, viewer: asOwner(applicant) })).status).toBe("completed");
  });

  test("setting the status it already has is a no-op, even on a final application", async () => {
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    await setApplicationStatus({ id, status: "processing", actor: consultant });
    let before = await snapshot(id);
    expect(await setApplicationStatus({ id, status: "processing", actor: consultant })).toEqual({ changed: false });
    expect(await snapshot(id)).toEqual(before);
    await setApplicationStatus({ id, status: "rejected", actor: consultant });
    before = await snapshot(id);
    expect(await setApplicationStatus({ id, status: "rejected", actor: consultant })).toEqual({ changed: false });
    expect(await snapshot(id)).toEqual(before);
  });

  test("a consultant cannot reopen; a manager reopens to processing with the reason in the timeline and the student's e-mail", async () => {
    const applicant = await student();
    const consultant = await staff();
    const manager = await staff("manager");
    const { id } = await createSubmittedApplication(applicant);
    await setApplicationStatus({ id, status: "completed", actor: consultant });
    await findApplication({ id, viewer: asStaff });
    const before = await snapshot(id);
    const error = await refusal(() => reopenApplication({ id, reason: "Sent in error.", actor: consultant }));
    expect(error).toMatchObject({ code: "CONFLICT", message: "Only a manager can reopen an application." });
    expect(await snapshot(id)).toEqual(before);

    const reason = "The university extended the deadline.";
    await reopenApplication({ id, reason, actor: manager });
    // The read cache was emptied: the change shows at once.
    const detail = await findApplication({ id, viewer: asStaff });
    expect(detail.status).toBe("processing");
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: "reopened",
      from: "completed",
      to: "processing",
      note: reason,
      actorName: manager.name,
    });
    const mails = await mailsTo(applicant.email);
    expect(mails.at(-1)?.subject).toBe("Your application is now Processing");
    expect(mails.at(-1)?.text).toContain(reason);
    // Reopening an open application is refused.
    expect((await refusal(() => reopenApplication({ id, reason, actor: manager }))).code).toBe("CONFLICT");
  });
});

describe("reviewing documents one by one", () => {
  test("'needs a new copy' needs a reason; with one the document is marked, the application waits for documents and the student is e-mailed", async () => {
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    await findApplication({ id, viewer: asOwner(applicant) });
    const before = await snapshot(id);
    const missing = await refusal(() =>
      reviewDocument({ id, field: "bankStatement", decision: "needs-new-copy", reason: "   ", actor: consultant }),
    );
    const reasonRequired = m.server_reason_required({}, { locale: "en" });
    expect(missing).toMatchObject({ code: "INVALID", message: reasonRequired });
    expect(missing.fieldErrors.reason).toBe(reasonRequired);
    expect(await snapshot(id)).toEqual(before);

    const reason = "Page 2 is cut off at the bottom";
    expect(await reviewDocument({ id, field: "bankStatement", decision: "needs-new-copy", reason, actor: consultant })).toEqual({
      changed: true,
    });
    expect(await documentOf(id, "bankStatement")).toMatchObject({ state: "needs-new-copy", reason, reviewedBy: consultant.id });
    const detail = await findApplication({ id, viewer: asOwner(applicant) });
    expect(detail.status).toBe("documents-requested");
    expect(detail.documents.find((document) => document.field === "bankStatement")).toMatchObject({ state: "needs-new-copy", reason });
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: "document-needs-new-copy",
      field: "bankStatement",
      from: "submitted",
      to: "documents-requested",
      note: reason,
    });
    const mails = await mailsTo(applicant.email);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe("Please send a new copy of your bank statement");
    expect(mail?.subject).not.toContain(reason);
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain(`/dashboard/my-applications/${id}`);

    // The same mark again changes nothing and mails nobody.
    const again = await snapshot(id);
    expect(await reviewDocument({ id, field: "bankStatement", decision: "needs-new-copy", reason, actor: consultant })).toEqual({
      changed: false,
    });
    expect(await snapshot(id)).toEqual(again);
  });

  test("accepting a document keeps the status; accepting the only one waiting for a new copy goes back to processing", async () => {
    const { applicant, consultant, id } = await withStatementAskedFor();
    expect((await findApplication({ id, viewer: asStaff })).status).toBe("documents-requested");

    expect(await reviewDocument({ id, field: "passport", decision: "accepted", actor: consultant })).toEqual({ changed: true });
    let detail = await findApplication({ id, viewer: asStaff });
    expect(detail.status).toBe("documents-requested");
    expect(detail.documents.find((document) => document.field === "passport")?.state).toBe("accepted");
    expect(detail.timeline.at(-1)).toMatchObject({ kind: "document-accepted", field: "passport" });
    expect((await mailsTo(applicant.email)).at(-1)?.subject).toBe("Your passport was accepted");
    expect(await reviewDocument({ id, field: "passport", decision: "accepted", actor: consultant })).toEqual({ changed: false });

    await reviewDocument({ id, field: "bankStatement", decision: "accepted", actor: consultant });
    detail = await findApplication({ id, viewer: asStaff });
    expect(detail.status).toBe("processing");
    expect(detail.documents.find((document) => document.field === "bankStatement")).toMatchObject({ state: "accepted", reason: null });
    expect(detail.timeline.at(-1)).toMatchObject({ kind: "document-accepted", from: "documents-requested", to: "processing" });
  });

  test("a document the application does not have is NOT_FOUND; a completed application takes no review (CONFLICT)", async () => {
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    const before = await snapshot(id);
    const unknown = await refusal(() =>
      reviewDocument({ id, field: "offerLetter" as DocumentField, decision: "accepted", actor: consultant }),
    );
    expect(unknown.code).toBe("NOT_FOUND");
    // A document field the application has no file for (a row gone).
    await db()
      .delete(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, id), eq(applicationDocuments.field, "currentBillCopy")));
    expect(
      (await refusal(() => reviewDocument({ id, field: "currentBillCopy", decision: "needs-new-copy", reason: "x", actor: consultant })))
        .code,
    ).toBe("NOT_FOUND");
    expect((await snapshot(id)).events).toBe(before.events);
    expect((await snapshot(id)).application?.status).toBe("submitted");

    await setApplicationStatus({ id, status: "completed", actor: consultant });
    const done = await snapshot(id);
    const closed = await refusal(() =>
      reviewDocument({ id, field: "passport", decision: "needs-new-copy", reason: "Expired.", actor: consultant }),
    );
    expect(closed.code).toBe("CONFLICT");
    expect((await refusal(() => reviewDocument({ id, field: "passport", decision: "accepted", actor: consultant }))).code).toBe("CONFLICT");
    expect(await snapshot(id)).toEqual(done);
  });
});

describe("replacing the documents asked for", () => {
  test("a connection dropped half-way through a new copy changes nothing and leaves no file behind", async () => {
    const { applicant, id } = await withStatementAskedFor();
    const before = await snapshot(id);
    const dropped = new Error("The connection was reset");
    const attempt = replaceDocuments({
      id,
      applicant,
      maxBytes: 10 * 1024 * 1024,
      readForm: async (onFile) => {
        const stream = new PassThrough();
        const handled = onFile(
          { field: "bankStatement", fileName: "statement.pdf", claimedType: "application/pdf", stream },
          new FormData(),
        );
        // A PDF's first 10 kB arrive, then the phone loses its signal.
        stream.write(Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10_000, 0x20)]));
        await new Promise((resolve) => setTimeout(resolve, 20));
        stream.destroy(dropped);
        await handled;
        throw dropped;
      },
    });
    await expect(attempt).rejects.toThrow("The connection was reset");
    expect(await snapshot(id)).toEqual(before);
  });

  test("the same new copy sent twice at once is taken once: the other is refused and its file removed", async () => {
    const { applicant, id } = await withStatementAskedFor();
    const outcomes = await Promise.allSettled([
      sendNewCopies(applicant, id, { bankStatement: newStatement() }),
      sendNewCopies(applicant, id, { bankStatement: newStatement() }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as { code?: string }).code).toBe("CONFLICT");
    const after = await snapshot(id);
    expect(after.versions).toBe(1);
    expect(after.application?.status).toBe("processing");
    // The 15 documents and the one old copy in the history: no stray file from the refused post.
    expect(after.files).toHaveLength(documentFields.length + 1);
  });

  test("the new copy takes the old one's place; the old copy goes to the history, still stored; back to processing; staff are e-mailed", async () => {
    const { applicant, consultant, id, reason } = await withStatementAskedFor();
    const old = await documentOf(id, "bankStatement");
    await findApplication({ id, viewer: asOwner(applicant) });
    const consultantMails = (await mailsTo(consultant.email)).length;

    expect(await sendNewCopies(applicant, id, { bankStatement: newStatement() })).toEqual({ replaced: ["bankStatement"] });

    const versions = await db().select().from(applicationDocumentVersions).where(eq(applicationDocumentVersions.applicationId, id));
    expect(versions).toMatchObject([
      { field: "bankStatement", storageKey: old.storageKey, fileName: old.fileName, sha256: old.sha256, size: old.size, reason },
    ]);
    expect((await getStorage().get(old.storageKey))?.equals(tinyPdf())).toBe(true);
    const current = await documentOf(id, "bankStatement");
    expect(current).toMatchObject({ state: "received", reason: null, fileName: "statement-march.pdf" });
    expect(current.storageKey).not.toBe(old.storageKey);
    expect((await getStorage().get(current.storageKey))?.equals(tinyPdf("New statement"))).toBe(true);

    const detail = await findApplication({ id, viewer: asOwner(applicant) });
    expect(detail.status).toBe("processing");
    expect(detail.documents.find((document) => document.field === "bankStatement")).toMatchObject({
      state: "received",
      history: [],
    });
    expect(detail.timeline.slice(-2)).toMatchObject([
      { kind: "document-replaced", field: "bankStatement", actorName: applicant.name },
      { kind: "status", from: "documents-requested", to: "processing" },
    ]);
    // Nobody is assigned: the consultant who asked hears of it.
    const mails = await mailsTo(consultant.email);
    expect(mails).toHaveLength(consultantMails + 1);
    expect(mails.at(-1)?.subject).toContain("sent new copies of documents");
    expect(mails.at(-1)?.text).toContain(`/dashboard/applications/${id}`);

    // Staff see the old copy in the history and can open it; its owner cannot.
    const staffView = await findApplication({ id, viewer: asStaff });
    const history = staffView.documents.find((document) => document.field === "bankStatement")?.history ?? [];
    expect(history).toMatchObject([{ id: versions[0]?.id, fileName: old.fileName, reason }]);
    const version = String(versions[0]?.id);
    const opened = await openApplicationDocument({ id, field: "bankStatement", viewer: consultant, as: "staff", version });
    expect((await read(opened.body)).equals(tinyPdf())).toBe(true);
    await expect(openApplicationDocument({ id, field: "bankStatement", viewer: applicant, as: "owner", version })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(openApplicationDocument({ id, field: "passport", viewer: consultant, as: "staff", version })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    // The sweeper keeps the old copy: a history row points at it.
    const referenced = await applicationDocumentFiles.referenced([old.storageKey, current.storageKey, `applications/${id}/nothing.pdf`]);
    expect([...referenced].sort()).toEqual([old.storageKey, current.storageKey].sort());
  });

  test("with a consultant assigned, the assigned consultant hears of the new copy, not the reviewer", async () => {
    const { applicant, consultant, id } = await withStatementAskedFor();
    const assignee = await staff();
    await assignApplication({ id, assigneeId: assignee.id, actor: await staff("manager") });
    const reviewerMails = (await mailsTo(consultant.email)).length;
    await sendNewCopies(applicant, id, { bankStatement: newStatement() });
    expect((await mailsTo(assignee.email)).at(-1)?.subject).toContain("sent new copies of documents");
    expect(await mailsTo(consultant.email)).toHaveLength(reviewerMails);
  });

  test("a file for a document not asked for refuses the whole post on its field; nothing changes and no new file stays", async () => {
    const { applicant, id } = await withStatementAskedFor();
    const before = await snapshot(id);
    const error = await refusal(async () =>
      sendNewCopies(applicant, id, { bankStatement: newStatement(), passport: { bytes: await tinyPng("#00ff00"), name: "p.png" } }),
    );
    expect(error.code).toBe("INVALID");
    expect(Object.keys(error.fieldErrors)).toEqual(["passport"]);
    expect(error.fieldErrors.passport).toContain("was not asked for again");
    expect(await snapshot(id)).toEqual(before);

    // An empty post names the form.
    const empty = await refusal(() => sendNewCopies(applicant, id, {}));
    expect(empty.code).toBe("INVALID");
    expect(await snapshot(id)).toEqual(before);
  });

  test("someone else's application is NOT_FOUND, and nothing of the file is stored", async () => {
    const { id } = await withStatementAskedFor();
    const someoneElse = await student();
    const before = await snapshot(id);
    const error = await refusal(() => sendNewCopies(someoneElse, id, { bankStatement: newStatement() }));
    expect(error.code).toBe("NOT_FOUND");
    expect(await snapshot(id)).toEqual(before);
  });

  test.each(["completed", "withdrawn"] as const)(
    "a %s application takes no new copies, even while another document is still asked for",
    async (status) => {
      const { applicant, consultant, id } = await withStatementAskedFor();
      await reviewDocument({ id, field: "passport", decision: "needs-new-copy", reason: "Expired.", actor: consultant });
      if (status === "completed") await setApplicationStatus({ id, status, actor: consultant });
      else await withdrawApplication({ id, applicant });
      const before = await snapshot(id);
      // With two copies asked for and one sent, the flow is asked (`documents-returned`) only once none is waiting:
      // a completed or withdrawn application must refuse the copy before that (replace-documents.ts checks first).
      const error = await refusal(() => sendNewCopies(applicant, id, { bankStatement: newStatement() }));
      expect(error.code).toBe("CONFLICT");
      expect(await snapshot(id)).toEqual(before);
    },
  );

  test("the checklist counts a document waiting for a new copy as not ready, and ready again once it came", async () => {
    // createSubmittedApplication applies to the UK by default, a country with a guide.
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    const statementItems = (checklist: Awaited<ReturnType<typeof applicationChecklist>>) =>
      (checklist?.items ?? []).filter((item) => item.satisfiedBy?.includes("bankStatement"));
    const before = await applicationChecklist(id);
    expect(before).not.toBeNull();
    expect(statementItems(before).length).toBeGreaterThan(0);
    expect(statementItems(before).every((item) => item.ready)).toBe(true);

    await reviewDocument({ id, field: "bankStatement", decision: "needs-new-copy", reason: "Blurred.", actor: consultant });
    const waiting = await applicationChecklist(id);
    expect(statementItems(waiting).every((item) => !item.ready)).toBe(true);
    expect(waiting?.ready).toBe((before?.ready ?? 0) - statementItems(before).length);

    await sendNewCopies(applicant, id, { bankStatement: newStatement() });
    expect((await applicationChecklist(id))?.ready).toBe(before?.ready);
  });
});

describe("withdrawing", () => {
  test("the student withdraws an open application with a reason; it is kept read-only: staff can no longer write, review or set a status", async () => {
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    await assignApplication({ id, assigneeId: consultant.id, actor: await staff("manager") });
    await setApplicationStatus({ id, status: "processing", actor: consultant });
    const manager = await staff("manager");
    await findApplication({ id, viewer: asOwner(applicant) });

    await withdrawApplication({ id, reason: "  I chose another university.  ", applicant });
    const detail = await findApplication({ id, viewer: asOwner(applicant) });
    expect(detail.status).toBe("withdrawn");
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: "withdrawn",
      from: "processing",
      to: "withdrawn",
      note: "I chose another university.",
      actorName: applicant.name,
    });
    expect((await mailsTo(consultant.email)).at(-1)?.subject).toContain("withdrew an application");
    // Kept for staff.
    expect((await findApplication({ id, viewer: asStaff })).status).toBe("withdrawn");

    const before = await snapshot(id);
    const attempts: [string, () => Promise<unknown>][] = [
      ["a staff message", () => postApplicationMessage({ id, body: "Are you sure?", author: consultant, as: "staff" })],
      ["a student message", () => postApplicationMessage({ id, body: "Sorry!", author: applicant, as: "owner" })],
      ["a note", () => addApplicationNote({ id, note: "Called.", actor: consultant })],
      ["a review", () => reviewDocument({ id, field: "passport", decision: "accepted", actor: consultant })],
      ["a status", () => setApplicationStatus({ id, status: "completed", actor: manager })],
      ["a reopen", () => reopenApplication({ id, reason: "Back", actor: manager })],
      ["an assignment", () => assignApplication({ id, assigneeId: consultant.id, actor: manager })],
      ["a second withdrawal", () => withdrawApplication({ id, applicant })],
    ];
    for (const [what, attempt] of attempts) expect([what, (await refusal(attempt)).code]).toEqual([what, "CONFLICT"]);
    expect(await snapshot(id)).toEqual(before);
  });

  test("without a reason the event has no note", async () => {
    const applicant = await student();
    const { id } = await createSubmittedApplication(applicant);
    await withdrawApplication({ id, applicant });
    expect((await findApplication({ id, viewer: asStaff })).timeline.at(-1)).toMatchObject({ kind: "withdrawn", note: null });
  });

  test("a completed application cannot be withdrawn (CONFLICT); someone else's is NOT_FOUND", async () => {
    const applicant = await student();
    const { id } = await createSubmittedApplication(applicant);
    const [someoneElse, manager] = [await student(), await staff("manager")];
    const before = await snapshot(id);
    expect((await refusal(() => withdrawApplication({ id, applicant: someoneElse }))).code).toBe("NOT_FOUND");
    expect((await refusal(() => withdrawApplication({ id, applicant: manager }))).code).toBe("NOT_FOUND");
    expect(await snapshot(id)).toEqual(before);
    await setApplicationStatus({ id, status: "completed", actor: manager });
    const done = await snapshot(id);
    const error = await refusal(() => withdrawApplication({ id, reason: "Changed my mind", applicant }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toContain("can no longer be withdrawn");
    expect(await snapshot(id)).toEqual(done);
  });
});

describe("assignment", () => {
  test("a manager assigns a consultant, who is e-mailed; the detail shows the assignee; the same again changes nothing; a reassignment moves it", async () => {
    const applicant = await student();
    const consultant = await staff();
    const manager = await staff("manager");
    const { id } = await createSubmittedApplication(applicant);
    expect((await findApplication({ id, viewer: asStaff })).assignee).toBeNull();
    expect(await assignableConsultants()).toEqual(expect.arrayContaining([{ id: consultant.id, name: consultant.name }]));
    expect((await assignableConsultants()).map((person) => person.id)).not.toContain(applicant.id);

    expect(await assignApplication({ id, assigneeId: consultant.id, actor: manager })).toEqual({ changed: true });
    const [row] = await db().select().from(applications).where(eq(applications.id, id));
    expect(row?.assignedTo).toBe(consultant.id);
    const detail = await findApplication({ id, viewer: asStaff });
    expect(detail.assignee).toEqual({ id: consultant.id, name: consultant.name });
    expect((await findApplication({ id, viewer: asOwner(applicant) })).assignee).toEqual({ id: consultant.id, name: consultant.name });
    expect(detail.timeline.at(-1)).toMatchObject({ kind: "assigned", note: consultant.name, actorName: manager.name });
    const mails = (await mailsTo(consultant.email)).filter((mail) => mail.subject.startsWith("An application was assigned to you"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/dashboard/applications/${id}`);

    const before = await snapshot(id);
    expect(await assignApplication({ id, assigneeId: consultant.id, actor: manager })).toEqual({ changed: false });
    expect(await snapshot(id)).toEqual(before);

    const other = await staff();
    await assignApplication({ id, assigneeId: other.id, actor: await staff("admin") });
    expect((await findApplication({ id, viewer: asStaff })).assignee).toEqual({ id: other.id, name: other.name });
    expect((await mailsTo(other.email)).at(-1)?.subject).toMatch(/^An application was assigned to you/);
  });

  test("a student as assignee is INVALID on assigneeId; a consultant assigning is FORBIDDEN; nothing changes", async () => {
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    const manager = await staff("manager");
    const before = await snapshot(id);
    const invalid = await refusal(() => assignApplication({ id, assigneeId: applicant.id, actor: manager }));
    expect(invalid.code).toBe("INVALID");
    expect(invalid.fieldErrors.assigneeId).toBeTruthy();
    const unknown = await refusal(() => assignApplication({ id, assigneeId: "no-such-user", actor: manager }));
    expect(unknown.code).toBe("INVALID");
    const forbidden = await refusal(() => assignApplication({ id, assigneeId: consultant.id, actor: consultant }));
    expect(forbidden.code).toBe("FORBIDDEN");
    expect(await snapshot(id)).toEqual(before);
    expect((await findApplication({ id, viewer: asStaff })).assignee).toBeNull();
  });
});

describe("messages on the application", () => {
  test("each side's message e-mails the other a link, never the text; unread counts rise and fall back once the thread is opened", async () => {
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    await assignApplication({ id, assigneeId: consultant.id, actor: await staff("manager") });
    expect(await unreadMessageCount(applicant, "owner")).toBe(0);
    expect(await unreadMessageCount(consultant, "staff")).toBe(0);
    await findApplication({ id, viewer: asOwner(applicant) });
    const consultantMails = (await mailsTo(consultant.email)).length;

    const question = "Is my IELTS score of 6.5 enough for Belfast? See https://example.com/ielts";
    await postApplicationMessage({ id, body: `  ${question}  `, author: applicant, as: "owner" });
    let detail = await findApplication({ id, viewer: asOwner(applicant) });
    expect(detail.messages).toMatchObject([{ authorName: applicant.name, fromStaff: false, body: question }]);
    const toConsultant = await mailsTo(consultant.email);
    expect(toConsultant).toHaveLength(consultantMails + 1);
    expect(toConsultant.at(-1)?.subject).toBe("New message about an application");
    for (const part of ["subject", "text", "html"] as const) expect(toConsultant.at(-1)?.[part]).not.toContain("IELTS score");
    expect(toConsultant.at(-1)?.text).toContain(`/dashboard/applications/${id}`);
    // The author has read their own message; the other side has not.
    expect(await unreadMessageCount(applicant, "owner")).toBe(0);
    expect(await unreadMessageCount(consultant, "staff")).toBe(1);
    await postApplicationMessage({ id, body: "And the deadline?", author: applicant, as: "owner" });
    expect(await unreadMessageCount(consultant, "staff")).toBe(2);
    expect(await hasUnread(consultant.id, id, false)).toBe(true);

    detail = await findApplication({ id, viewer: asStaff });
    await threadOpened({ userId: consultant.id, applicationId: id, lastId: detail.messages.at(-1)?.id ?? null, unread: true });
    expect(await unreadMessageCount(consultant, "staff")).toBe(0);
    expect(await hasUnread(consultant.id, id, false)).toBe(false);

    const studentMails = (await mailsTo(applicant.email)).length;
    const answer = "Yes, 6.5 is enough. The deadline is 30 June.";
    await postApplicationMessage({ id, body: answer, author: consultant, as: "staff" });
    detail = await findApplication({ id, viewer: asOwner(applicant) });
    expect(detail.messages.at(-1)).toMatchObject({ authorName: consultant.name, fromStaff: true, body: answer });
    const toStudent = await mailsTo(applicant.email);
    expect(toStudent).toHaveLength(studentMails + 1);
    expect(toStudent.at(-1)?.subject).toBe("New message about an application");
    for (const part of ["subject", "text", "html"] as const) expect(toStudent.at(-1)?.[part]).not.toContain("30 June");
    expect(toStudent.at(-1)?.text).toContain(`/dashboard/my-applications/${id}`);
    expect(await unreadMessageCount(applicant, "owner")).toBe(1);
    expect(await unreadMessageCount(consultant, "staff")).toBe(0);
    await threadOpened({ userId: applicant.id, applicationId: id, lastId: detail.messages.at(-1)?.id ?? null, unread: true });
    expect(await unreadMessageCount(applicant, "owner")).toBe(0);
  });

  test("a student writing on someone else's application is NOT_FOUND and nothing is stored", async () => {
    const applicant = await student();
    const { id } = await createSubmittedApplication(applicant);
    const someoneElse = await student();
    const before = await snapshot(id);
    const error = await refusal(() => postApplicationMessage({ id, body: "Hello", author: someoneElse, as: "owner" }));
    expect(error.code).toBe("NOT_FOUND");
    expect(await snapshot(id)).toEqual(before);
  });

  test("the 21st message in ten minutes is RATE_LIMITED and is not stored", async () => {
    const applicant = await student();
    const { id } = await createSubmittedApplication(applicant);
    for (let index = 1; index <= 20; index++) {
      await postApplicationMessage({ id, body: `Message ${index}`, author: applicant, as: "owner" });
    }
    const before = await snapshot(id);
    const error = await refusal(() => postApplicationMessage({ id, body: "Message 21", author: applicant, as: "owner" }));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.status).toBe(429);
    expect(await snapshot(id)).toEqual(before);
    expect((await findApplication({ id, viewer: asStaff })).messages).toHaveLength(20);
  });
});
