import { eq } from "drizzle-orm";
import type { DocumentView } from "~/lib/applications";
import { db } from "../db";
import { applicationDocuments } from "../db/schema";
import { cachedApplicationRead } from "./application-reads";
import { findDraft } from "./drafts";
import { documentViews } from "./find-application";

type DraftView = {
  id: string | null;
  values: Partial<Record<"countryName" | "universityName" | "name" | "address" | "fatherName" | "motherName" | "sponsorName", string>>;
  documents: DocumentView[];
};

/**
 * What the form shows of the person's draft: its id, the text saved so far and the documents
 * already uploaded (read through the applications' cache: every upload and submission empties it).
 */
export function loadDraft(applicantId: string): Promise<DraftView> {
  return cachedApplicationRead(JSON.stringify(["draft", applicantId]), () => readDraft(applicantId));
}

async function readDraft(applicantId: string): Promise<DraftView> {
  const draft = await findDraft(applicantId);
  if (!draft) return { id: null, values: {}, documents: [] };
  const rows = await db().select().from(applicationDocuments).where(eq(applicationDocuments.applicationId, draft.id));
  const values = Object.fromEntries(
    (["countryName", "universityName", "name", "address", "fatherName", "motherName", "sponsorName"] as const)
      .map((name) => [name, draft[name]] as const)
      .filter((entry): entry is [(typeof entry)[0], string] => typeof entry[1] === "string" && entry[1] !== ""),
  );
  return { id: draft.id, values, documents: documentViews(rows, `/dashboard/my-applications/${draft.id}/documents`) };
}
