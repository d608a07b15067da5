import { inArray } from "drizzle-orm";
import { db } from "../db";
import { applicationDocuments, applicationDocumentVersions } from "../db/schema";
import type { SweptPrefix } from "../storage/sweeper";

/**
 * Application documents for the storage sweeper: a file is kept while a document row, or a row of
 * a document's history (a copy the student replaced, kept for staff), points at it.
 */
export const applicationDocumentFiles: SweptPrefix = {
  prefix: "applications/",
  async referenced(keys) {
    const [current, replaced] = await Promise.all([
      db()
        .select({ key: applicationDocuments.storageKey })
        .from(applicationDocuments)
        .where(inArray(applicationDocuments.storageKey, keys)),
      db()
        .select({ key: applicationDocumentVersions.storageKey })
        .from(applicationDocumentVersions)
        .where(inArray(applicationDocumentVersions.storageKey, keys)),
    ]);
    return new Set([...current, ...replaced].map((row) => row.key));
  },
};
