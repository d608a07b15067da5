import type { Readable } from "node:stream";
import { and, eq, ne } from "drizzle-orm";
import { isDocumentField } from "~/lib/applications";
import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { applicationDocuments, applicationDocumentVersions, applications } from "../db/schema";
import { AppError } from "../errors";
import { getStorage } from "../storage/storage";
import { recordAuditEvent } from "../users/audit";

/**
 * One document's bytes, streamed from storage, for the two people who may see it: staff, on the
 * staff path, for a submitted application (every view is recorded in the audit log), and the
 * applicant, on their own path (their draft included); a replaced copy (`version`) only to staff. Everyone else, signed in or not, and every
 * unknown id or field, gets the same NOT_FOUND: no one learns which applications exist.
 */
export async function openApplicationDocument(input: {
  id: string;
  field: string;
  viewer: SessionUser | null;
  as: "staff" | "owner";
  /** A replaced copy from the document's history: staff only. */
  version?: string | undefined;
}): Promise<{ body: Readable; size: number; contentType: string; fileName: string; field: string }> {
  const { viewer } = input;
  const notFound = () => new AppError("NOT_FOUND", m.apply_no_such_document());
  if (!viewer || !isDocumentField(input.field)) throw notFound();
  if (input.as === "staff" && !hasRole(viewer.role, pageRoles.applications)) throw notFound();
  if (input.version !== undefined && (input.as !== "staff" || !/^[1-9][0-9]{0,17}$/.test(input.version))) throw notFound();
  const document =
    input.version === undefined ? await currentCopy(input, viewer) : await replacedCopy(input.id, input.field, Number(input.version));
  if (!document) throw notFound();
  const stored = await getStorage().getStream(document.storageKey);
  if (!stored) throw notFound();
  if (input.as === "staff") {
    await recordAuditEvent({
      action: "application.document-viewed",
      actorId: viewer.id,
      targetId: document.applicantId,
      detail: { applicationId: input.id, field: input.field, ...(input.version ? { version: input.version } : {}) },
    });
  }
  return { ...stored, contentType: document.contentType, fileName: document.fileName, field: input.field };
}

type FoundCopy = { storageKey: string; contentType: string; fileName: string; applicantId: string };

/** The document as it is now: staff see any submitted application's, the applicant their own (draft included). */
async function currentCopy(
  input: { id: string; field: string; as: "staff" | "owner" },
  viewer: SessionUser,
): Promise<FoundCopy | undefined> {
  const [document] = await db()
    .select({
      storageKey: applicationDocuments.storageKey,
      contentType: applicationDocuments.contentType,
      fileName: applicationDocuments.fileName,
      applicantId: applications.applicantId,
    })
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .where(
      and(
        eq(applicationDocuments.applicationId, input.id),
        eq(applicationDocuments.field, input.field),
        input.as === "staff" ? ne(applications.status, "draft") : eq(applications.applicantId, viewer.id),
      ),
    );
  return document;
}

/** A copy the student replaced (staff only: the caller has checked). */
async function replacedCopy(applicationId: string, field: string, version: number): Promise<FoundCopy | undefined> {
  const [document] = await db()
    .select({
      storageKey: applicationDocumentVersions.storageKey,
      contentType: applicationDocumentVersions.contentType,
      fileName: applicationDocumentVersions.fileName,
      applicantId: applications.applicantId,
    })
    .from(applicationDocumentVersions)
    .innerJoin(applications, eq(applications.id, applicationDocumentVersions.applicationId))
    .where(
      and(
        eq(applicationDocumentVersions.id, version),
        eq(applicationDocumentVersions.applicationId, applicationId),
        eq(applicationDocumentVersions.field, field),
      ),
    );
  return document;
}
