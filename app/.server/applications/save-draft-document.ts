import type { Readable } from "node:stream";
import type { DocumentField } from "~/lib/applications";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { AppError } from "../errors";
import { getStorage } from "../storage/storage";
import { applicationsChanged } from "./application-reads";
import { attachDocuments, ensureDraft } from "./drafts";
import { type StoredDocument, VERIFY_BEFORE_APPLYING } from "./schema";
import { deleteStored, storeDocument } from "./store-document";

/**
 * One document uploaded on its own (the form with JavaScript, as soon as it is chosen): checked,
 * stored, and kept in the person's draft, replacing the one before it for that field. A dropped
 * connection or a closed tab loses nothing already uploaded. Needs a confirmed e-mail (so an
 * unconfirmed account cannot fill our disks). Throws AppError: FORBIDDEN, INVALID, TOO_LARGE.
 */
export async function saveDraftDocument(input: {
  applicant: SessionUser;
  field: DocumentField;
  fileName: string;
  stream: Readable;
  maxBytes: number;
}): Promise<StoredDocument & { applicationId: string }> {
  if (!input.applicant.emailVerified) {
    input.stream.resume();
    throw new AppError("FORBIDDEN", VERIFY_BEFORE_APPLYING);
  }
  const draft = await ensureDraft(input.applicant.id);
  const stored = await storeDocument({
    applicationId: draft.id,
    field: input.field,
    fileName: input.fileName,
    stream: input.stream,
    maxBytes: input.maxBytes,
  });
  let replaced: string[];
  try {
    replaced = await db().transaction((tx) =>
      attachDocuments(tx, { applicationId: draft.id, applicantId: input.applicant.id, documents: [stored] }),
    );
  } catch (error) {
    await getStorage().delete(stored.storageKey);
    throw error;
  }
  await applicationsChanged();
  await deleteStored(replaced);
  return { ...stored, applicationId: draft.id };
}
