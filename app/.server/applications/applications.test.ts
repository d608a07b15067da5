import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { deflateSync } from "node:zlib";
import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { documentFields } from "~/lib/applications";
import { createUser } from "../../../tests/support/accounts";
import {
  applicationForm,
  createSubmittedApplication,
  jpegWithGps,
  submitForm,
  tinyPdf,
  tinyPng,
} from "../../../tests/support/applications";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { refusal, sessionOf } from "../../../tests/support/members";
import type { SessionUser } from "../auth/session";
import { getConfig } from "../config";
import { db } from "../db";
import { applicationDocuments, applicationEvents, applications, auditEvents, mailOutbox } from "../db/schema";
import { localDiskStorage } from "../storage/local-disk";
import { getStorage, setStorage } from "../storage/storage";
import { sweepStorage, unfinishedWrites } from "../storage/sweeper";
import { addApplicationNote } from "./add-note";
import { applicationDocumentFiles } from "./document-sweep";
import { findApplication } from "./find-application";
import { listApplications, listOwnApplications } from "./list-applications";
import { openApplicationDocument } from "./read-document";
import { saveDraftDocument } from "./save-draft-document";
import { PROVIDE_VALID_INFORMATION, VERIFY_BEFORE_APPLYING } from "./schema";
import { setApplicationStatus } from "./set-status";
import { cleanFileName } from "./store-document";

withTestDatabase();

const student = async () => sessionOf(await createUser({ verified: true }));
const staff = async (role: "consultant" | "manager" = "consultant") => sessionOf(await createUser({ role, verified: true }));

async function documentsOf(applicationId: string) {
  return db().select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, applicationId));
}

async function storedKeys(applicationId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of getStorage().list(`applications/${applicationId}/`)) keys.push(entry.key);
  return keys.sort();
}

/** The status e-mails queued for `to` (sign-up's confirmation aside). */
async function applicationMails(to: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, "Your application%")))
    .orderBy(mailOutbox.id);
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A PNG whose header says 20,000 × 20,000 pixels (its few bytes of data decode to nothing like that). */
function hugePngHeader(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(60_001))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("submitting an application", () => {
  test("a complete form becomes a Submitted application with its 15 documents, the account's e-mail and a first timeline event", async () => {
    const applicant = await student();
    const { id } = await submitForm(
      applicant,
      await applicationForm({ extra: { applicantId: "someone-else", status: "completed", email: "x@evil.test" } }),
    );
    const [row] = await db().select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({
      applicantId: applicant.id,
      status: "submitted",
      email: applicant.email,
      countryName: "UK",
      universityName: "Queen's University Belfast",
      name: "Nusrat Jahan",
    });
    // Chosen from the catalogue: linked to it (the catalogue says "United Kingdom", the form "UK").
    expect(row?.universityId).toBeTruthy();
    expect(row?.submittedAt).toBeInstanceOf(Date);
    const documents = await documentsOf(id);
    expect(documents.map((document) => document.field).sort()).toEqual([...documentFields].sort());
    const statement = documents.find((document) => document.field === "bankStatement");
    expect(statement).toMatchObject({ contentType: "application/pdf", fileName: "bankStatement.pdf" });
    // A PDF is stored as it is, and the hash is of the stored bytes.
    const stored = await getStorage().get(statement?.storageKey ?? "");
    expect(stored?.equals(tinyPdf())).toBe(true);
    expect(statement?.sha256).toBe(
      createHash("sha256")
        .update(stored ?? "")
        .digest("hex"),
    );
    expect(statement?.storageKey).toMatch(new RegExp(`^applications/${id}/bankStatement-[0-9a-f]{16}\\.pdf$`));
    const events = await db().select().from(applicationEvents).where(eq(applicationEvents.applicationId, id));
    expect(events).toMatchObject([{ fromStatus: "draft", toStatus: "submitted", actorId: applicant.id, actorName: applicant.name }]);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, applicant.id), eq(auditEvents.action, "application.submitted")));
    expect(audit).toHaveLength(1);
  });

  test("images are re-encoded with every piece of metadata (GPS included) dropped", async () => {
    const applicant = await student();
    const gps = await jpegWithGps();
    expect((await sharp(gps).metadata()).exif).toBeDefined();
    const { id } = await submitForm(applicant, await applicationForm({ files: { passport: { bytes: gps, name: "passport.jpg" } } }));
    const [passport] = (await documentsOf(id)).filter((document) => document.field === "passport");
    const stored = (await getStorage().get(passport?.storageKey ?? "")) as Buffer;
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("PhoneMaker"))).toBe(false);
    expect(passport?.contentType).toBe("image/jpeg");
  });

  test("anything missing is refused with the spec's message and each missing item marked; the valid documents and text stay in the draft", async () => {
    const applicant = await student();
    const form = await applicationForm({ text: { fatherName: "", sponsorName: "  " }, files: { passport: null, bankStatement: null } });
    const error = await refusal(() => submitForm(applicant, form));
    expect(error.code).toBe("INVALID");
    expect(error.message).toBe(PROVIDE_VALID_INFORMATION);
    expect(Object.keys(error.fieldErrors).sort()).toEqual(["bankStatement", "fatherName", "passport", "sponsorName"]);
    const [draft] = await db().select().from(applications).where(eq(applications.applicantId, applicant.id));
    expect(draft).toMatchObject({ status: "draft", name: "Nusrat Jahan", fatherName: null });
    expect(await documentsOf(draft?.id ?? "")).toHaveLength(13);
    // Staff never see a draft.
    expect((await listApplications({ page: 1, q: applicant.email })).total).toBe(0);
    await expect(findApplication({ id: draft?.id ?? "", viewer: { as: "staff" } })).rejects.toMatchObject({ code: "NOT_FOUND" });

    // The second post brings only what was missing: the draft's documents count.
    const rest = new FormData();
    for (const [name, value] of Object.entries({
      countryName: "UK",
      universityName: "Lund",
      name: "N",
      address: "A",
      fatherName: "F",
      motherName: "M",
      sponsorName: "S",
    }))
      rest.append(name, value);
    rest.append("passport", new File([new Uint8Array(await tinyPng())], "p.png"));
    rest.append("bankStatement", new File([new Uint8Array(tinyPdf())], "s.pdf"));
    const { id } = await submitForm(applicant, rest);
    expect(id).toBe(draft?.id);
    expect(await documentsOf(id)).toHaveLength(15);
  });

  test("bad files are refused by their bytes, each named on its field, and nothing of them is stored", async () => {
    const applicant = await student();
    const started = Date.now();
    const error = await refusal(async () =>
      submitForm(
        applicant,
        await applicationForm({
          files: {
            passport: { bytes: Buffer.from("<?php system($_GET['c']); ?>"), name: "passport.jpg" },
            nid: { bytes: Buffer.from("<!doctype html><script>alert(1)</script>"), name: "nid.jpg" },
            birthCertificate: { bytes: Buffer.alloc(0), name: "empty.png" },
            sscCertificate: { bytes: hugePngHeader(), name: "huge.png" },
            // A PDF named .png is a PDF.
            hscCertificate: { bytes: tinyPdf(), name: "certificate.png" },
            fatherNid: { bytes: await tinyPng(), name: "../../etc/pass\u0000wd\u202e.png" },
          },
        }),
      ),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.message).toBe(PROVIDE_VALID_INFORMATION);
    expect(error.code).toBe("INVALID");
    expect(error.fieldErrors).toEqual({
      passport: "The passport must be a JPEG, PNG or WebP image or a PDF file",
      nid: "The NID must be a JPEG, PNG or WebP image or a PDF file",
      birthCertificate: "The birth certificate is empty: choose the file again",
      sscCertificate: "The SSC certificate has too many pixels: at most 50 megapixels",
    });
    const [draft] = await db().select().from(applications).where(eq(applications.applicantId, applicant.id));
    const documents = await documentsOf(draft?.id ?? "");
    expect(documents.find((document) => document.field === "hscCertificate")?.contentType).toBe("application/pdf");
    expect(documents.find((document) => document.field === "fatherNid")?.fileName).toBe("pass_wd.png");
    // Only the rows' files are stored: the refused ones left nothing behind.
    expect(await storedKeys(draft?.id ?? "")).toEqual(documents.map((document) => document.storageKey).sort());
  });

  test("a file one byte over the limit is a TOO_LARGE refusal (413) and leaves nothing behind", async () => {
    const applicant = await student();
    const limit = 64 * 1024;
    const pdf = tinyPdf();
    const over = Buffer.concat([pdf, Buffer.alloc(limit + 1 - pdf.length, 0x20)]);
    const exact = over.subarray(0, limit);
    const error = await refusal(async () =>
      submitForm(
        applicant,
        await applicationForm({ files: { bankStatement: { bytes: over, name: "big.pdf" }, passport: { bytes: exact, name: "ok.pdf" } } }),
        limit,
      ),
    );
    expect(error.code).toBe("TOO_LARGE");
    expect(error.status).toBe(413);
    expect(error.fieldErrors.bankStatement).toBe("The bank statement is too large: at most 64 kB");
    const [draft] = await db().select().from(applications).where(eq(applications.applicantId, applicant.id));
    const documents = await documentsOf(draft?.id ?? "");
    expect(documents.map((document) => document.field)).not.toContain("bankStatement");
    expect(documents.find((document) => document.field === "passport")?.size).toBe(limit);
    expect(await storedKeys(draft?.id ?? "")).toEqual(documents.map((document) => document.storageKey).sort());
  });

  test("an unconfirmed e-mail cannot submit or upload, and nothing is stored", async () => {
    const applicant = await sessionOf(await createUser());
    expect(applicant.emailVerified).toBe(false);
    const error = await refusal(async () => submitForm(applicant, await applicationForm()));
    expect(error).toMatchObject({ code: "FORBIDDEN", message: VERIFY_BEFORE_APPLYING });
    const upload = await refusal(async () =>
      saveDraftDocument({ applicant, field: "passport", fileName: "p.png", stream: Readable.from([await tinyPng()]), maxBytes: 1_000_000 }),
    );
    expect(upload.code).toBe("FORBIDDEN");
    expect(await db().select().from(applications).where(eq(applications.applicantId, applicant.id))).toEqual([]);
  });

  test("the same form posted twice submits once; a student may hold several applications", async () => {
    const applicant = await student();
    const first = await submitForm(applicant, await applicationForm());
    const again = await submitForm(applicant, await applicationForm({ extra: { draftId: first.id } }));
    expect(again.id).toBe(first.id);
    const second = await submitForm(applicant, await applicationForm({ text: { countryName: "Germany", universityName: "TU Munich" } }));
    expect(second.id).not.toBe(first.id);
    const own = await listOwnApplications({ applicantId: applicant.id, page: 1 });
    expect(own.items.map((item) => item.countryName).sort()).toEqual(["Germany", "UK"]);
  });
});

describe("documents uploaded one at a time (with JavaScript)", () => {
  test("each upload lands in the draft; a replacement removes the file it replaced", async () => {
    const applicant = await student();
    const first = await saveDraftDocument({
      applicant,
      field: "passport",
      fileName: "a.png",
      stream: Readable.from([await tinyPng("#ff0000")]),
      maxBytes: 1_000_000,
    });
    const second = await saveDraftDocument({
      applicant,
      field: "passport",
      fileName: "b.pdf",
      stream: Readable.from([tinyPdf()]),
      maxBytes: 1_000_000,
    });
    expect(second.applicationId).toBe(first.applicationId);
    expect(await getStorage().get(first.storageKey)).toBeNull();
    const documents = await documentsOf(first.applicationId);
    expect(documents).toMatchObject([
      { field: "passport", fileName: "b.pdf", contentType: "application/pdf", storageKey: second.storageKey },
    ]);
    // The owner can read their draft's document; staff cannot (a draft is not theirs to see).
    const own = await openApplicationDocument({ id: first.applicationId, field: "passport", viewer: applicant, as: "owner" });
    expect((await read(own.body)).equals(tinyPdf())).toBe(true);
    await expect(
      openApplicationDocument({ id: first.applicationId, field: "passport", viewer: await staff(), as: "staff" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("statuses", () => {
  test("staff set Processing, then Completed: each an event with the note, an audit entry and an e-mail with the link; a final application refuses another status", async () => {
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    expect(
      await setApplicationStatus({ id, status: "processing", note: "We asked the university for your offer letter.", actor: consultant }),
    ).toEqual({
      changed: true,
    });
    expect(await setApplicationStatus({ id, status: "completed", actor: await staff("manager") })).toEqual({ changed: true });
    // The same status again (a post sent twice) changes nothing and mails nobody, final or not.
    expect(await setApplicationStatus({ id, status: "completed", actor: consultant })).toEqual({ changed: false });
    // Completed is final (issue 25, no longer "in any order"): Rejected or Processing is a CONFLICT (409) and changes nothing.
    for (const status of ["rejected", "processing"] as const) {
      const error = await refusal(() => setApplicationStatus({ id, status, actor: consultant }));
      expect(error).toMatchObject({ code: "CONFLICT", status: 409 });
    }
    const detail = await findApplication({ id, viewer: { as: "owner", applicantId: applicant.id } });
    expect(detail.status).toBe("completed");
    expect(detail.timeline.map((entry) => [entry.from, entry.to])).toEqual([
      ["draft", "submitted"],
      ["submitted", "processing"],
      ["processing", "completed"],
    ]);
    expect(detail.timeline[1]).toMatchObject({ actorName: consultant.name, note: "We asked the university for your offer letter." });
    const mails = await applicationMails(applicant.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your application is now Processing", "Your application is now Completed"]);
    expect(mails[0]?.text).toContain(`/dashboard/my-applications/${id}`);
    expect(mails[0]?.text).toContain("We asked the university for your offer letter.");
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, applicant.id), eq(auditEvents.action, "application.status-changed")));
    expect(audit).toHaveLength(2);
  });

  test("Rejected straight from Submitted is allowed, and final too", async () => {
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    expect(await setApplicationStatus({ id, status: "rejected", actor: consultant })).toEqual({ changed: true });
    await expect(setApplicationStatus({ id, status: "completed", actor: consultant })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await findApplication({ id, viewer: { as: "staff" } })).status).toBe("rejected");
    expect((await applicationMails(applicant.email)).map((mail) => mail.subject)).toEqual(["Your application is now Rejected"]);
  });

  test("a note alone joins the timeline without an e-mail; a draft or unknown id is NOT_FOUND", async () => {
    const applicant = await student();
    const consultant = await staff();
    const { id } = await createSubmittedApplication(applicant);
    await addApplicationNote({ id, note: "Called the student.", actor: consultant });
    const detail = await findApplication({ id, viewer: { as: "staff" } });
    expect(detail.timeline.at(-1)).toMatchObject({ from: "submitted", to: "submitted", note: "Called the student." });
    expect(await applicationMails(applicant.email)).toEqual([]);
    const draft = await saveDraftDocument({
      applicant,
      field: "nid",
      fileName: "n.png",
      stream: Readable.from([await tinyPng()]),
      maxBytes: 1_000_000,
    });
    await expect(setApplicationStatus({ id: draft.applicationId, status: "processing", actor: consultant })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(setApplicationStatus({ id: "no-such-id", status: "processing", actor: consultant })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("staff list", () => {
  test("newest first, filtered by status and country, searched by name or e-mail, a page at a time", async () => {
    const consultant = await staff();
    const made: { id: string; applicant: SessionUser }[] = [];
    for (const [index, country] of ["Germany", "Malaysia", "Germany"].entries()) {
      const applicant = await student();
      made.push({ ...(await createSubmittedApplication(applicant, { countryName: country, name: `Listed Person ${index}` })), applicant });
    }
    await setApplicationStatus({ id: made[0]?.id ?? "", status: "processing", actor: consultant });
    const germany = await listApplications({ country: "Germany", q: "Listed Person", page: 1 });
    expect(germany.items.map((item) => item.id)).toEqual([made[2]?.id, made[0]?.id]);
    expect((await listApplications({ status: "processing", q: "listed person", page: 1 })).items.map((item) => item.id)).toEqual([
      made[0]?.id,
    ]);
    const byEmail = await listApplications({ q: made[1]?.applicant.email.slice(0, 8) ?? "", page: 1 });
    expect(byEmail.items.map((item) => item.id)).toContain(made[1]?.id);
    const paged = await listApplications({ q: "Listed Person", page: 2, pageSize: 2 });
    expect(paged).toMatchObject({ page: 2, pageCount: 2, total: 3 });
    expect(paged.items.map((item) => item.id)).toEqual([made[0]?.id]);
    // A LIKE wildcard is a plain character.
    expect((await listApplications({ q: "%", page: 1 })).total).toBe(0);
  });
});

describe("document access", () => {
  test("the owner and staff read a document; every staff view is audited; anyone else gets NOT_FOUND, as for a missing id", async () => {
    const applicant = await student();
    const { id } = await createSubmittedApplication(applicant);
    const consultant = await staff();
    const asStaff = await openApplicationDocument({ id, field: "bankStatement", viewer: consultant, as: "staff" });
    expect(asStaff).toMatchObject({ contentType: "application/pdf" });
    expect((await read(asStaff.body)).equals(tinyPdf())).toBe(true);
    const views = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, consultant.id), eq(auditEvents.action, "application.document-viewed")));
    expect(views).toMatchObject([{ targetId: applicant.id, detail: { applicationId: id, field: "bankStatement" } }]);
    (await openApplicationDocument({ id, field: "passport", viewer: applicant, as: "owner" })).body.resume();

    const other = await student();
    for (const attempt of [
      { viewer: other, as: "owner" as const },
      { viewer: other, as: "staff" as const },
      { viewer: applicant, as: "staff" as const },
      { viewer: consultant, as: "owner" as const },
      { viewer: null, as: "owner" as const },
    ]) {
      await expect(openApplicationDocument({ id, field: "passport", ...attempt })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "There is no such document.",
      });
    }
    await expect(openApplicationDocument({ id, field: "../../etc/passwd", viewer: applicant, as: "owner" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(openApplicationDocument({ id: "missing", field: "passport", viewer: applicant, as: "owner" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(findApplication({ id, viewer: { as: "owner", applicantId: other.id } })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("the storage sweeper", () => {
  test("removes application files no row points at once they are a day old, and keeps the rest", async () => {
    const applicant = await student();
    const { id } = await createSubmittedApplication(applicant);
    const orphan = `applications/${id}/passport-0000000000000000.png`;
    const partial = `applications/${id}/nid-1111111111111111.png.partial-abc`;
    await getStorage().put(orphan, await tinyPng());
    // A write that never finished (a crash between writing and renaming).
    const folder = path.join(getConfig().dataDir, "uploads", "applications", id);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, "nid-1111111111111111.png.partial-abc"), "half a file");
    const before = await storedKeys(id);
    expect(before).toEqual(expect.arrayContaining([orphan, partial]));
    // Not a day old yet: nothing goes.
    expect(await sweepStorage([applicationDocumentFiles])).toBe(0);
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    await sweepStorage([applicationDocumentFiles], tomorrow);
    const after = await storedKeys(id);
    expect(after).not.toContain(orphan);
    expect(after).not.toContain(partial);
    expect(after).toEqual((await documentsOf(id)).map((document) => document.storageKey).sort());
  });

  test("removes a day-old unfinished write anywhere in storage (a photo's too), and no finished file", async () => {
    // A storage of its own: other test files write to the shared one while this runs.
    const root = await mkdtemp(path.join(os.tmpdir(), "onward-sweep-"));
    setStorage(localDiskStorage(root));
    try {
      const photo = "photos/someone/0123456789abcdef.webp";
      await getStorage().put(photo, await tinyPng());
      const folder = path.join(root, "photos", "someone");
      await writeFile(path.join(folder, "fedcba9876543210.webp.partial-abc"), "half a photo");
      const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
      expect(await sweepStorage([unfinishedWrites])).toBe(0);
      expect(await sweepStorage([unfinishedWrites], tomorrow)).toBe(1);
      expect(await readdir(folder)).toEqual(["0123456789abcdef.webp"]);
    } finally {
      setStorage(undefined);
      await rm(root, { recursive: true, force: true });
    }
  });
});

test("file names are shown without paths, control or direction characters", () => {
  expect(cleanFileName("../../etc/passwd", "passport", "pdf")).toBe("passwd");
  expect(cleanFileName("C:\\Users\\me\\scan\u202egnp.exe", "passport", "png")).toBe("scangnp.exe");
  expect(cleanFileName("\u0007\u0000", "nid", "png")).toBe("nid.png");
  expect(cleanFileName("..", "nid", "pdf")).toBe("nid.pdf");
});
