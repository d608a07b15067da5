import type { Readable } from "node:stream";
import { and, eq, ne } from "drizzle-orm";
import { isDocumentField } from "~/lib/applications";
import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { applicationDocuments, applications } from "../db/schema";
import { AppError } from "../errors";
import { getStorage } from "../storage/storage";
import { recordAuditEvent } from "../users/audit";

export const DOCUMENT_NOT_FOUND = "There is no such document.";

/**
 * One document's bytes, streamed from storage, for the two people who may see it: staff, on the
 * staff path, for a submitted application (every view is recorded in the audit log), and the
 * applicant, on their own path (their draft included). Everyone else, signed in or not, and every
 * unknown id or field, gets the same NOT_FOUND: no one learns which applications exist.
 */
export async function openApplicationDocument(input: {
  id: string;
  field: string;
  viewer: SessionUser | null;
  as: "staff" | "owner";
}): Promise<{ body: Readable; size: number; contentType: string; fileName: string; field: string }> {
  const { viewer } = input;
  const notFound = () => new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND);
  if (!viewer || !isDocumentField(input.field)) throw notFound();
  if (input.as === "staff" && !hasRole(viewer.role, pageRoles.applications)) throw notFound();
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
  if (!document) throw notFound();
  const stored = await getStorage().getStream(document.storageKey);
  if (!stored) throw notFound();
  if (input.as === "staff") {
    await recordAuditEvent({
      action: "application.document-viewed",
      actorId: viewer.id,
      targetId: document.applicantId,
      detail: { applicationId: input.id, field: input.field },
    });
  }
  return { ...stored, contentType: document.contentType, fileName: document.fileName, field: input.field };
}
