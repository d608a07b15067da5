import { inArray } from "drizzle-orm";
import { db } from "../db";
import { applicationDocuments } from "../db/schema";
import type { SweptPrefix } from "../storage/sweeper";

/** Application documents for the storage sweeper: a file is kept while a document row points at it. */
export const applicationDocumentFiles: SweptPrefix = {
  prefix: "applications/",
  async referenced(keys) {
    const rows = await db()
      .select({ key: applicationDocuments.storageKey })
      .from(applicationDocuments)
      .where(inArray(applicationDocuments.storageKey, keys));
    return new Set(rows.map((row) => row.key));
  },
};
