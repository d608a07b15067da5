import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { openStatuses as applicationOpenStatuses } from "~/lib/application-flow";
import { type ApplicationStatus, statusLabels } from "~/lib/applications";
import { buildChecklist, type ChecklistView, documentsPhrase, guideForCountry } from "~/lib/checklist";
import { getLocale } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import { findCountryGuide } from "../../../content/by-locale";
import { applicationsChanged, cachedApplicationRead } from "../applications/application-reads";
import { type Database, db } from "../db";
import { applicationDocuments, applications, checklistTicks } from "../db/schema";
import { AppError } from "../errors";

/** A checklist as the pages show it: whose application, for which country, in which state. */
export type ApplicationChecklist = ChecklistView & {
  applicationId: string;
  /** The guide's name for the country ("United Kingdom"). */
  country: string;
  status: ApplicationStatus;
};

/** Applications whose papers are still being gathered: a rejected or completed one's checklist is history. */
const openStatuses = ["draft", ...applicationOpenStatuses] as const satisfies readonly ApplicationStatus[];

type ApplicationRow = { id: string; status: ApplicationStatus; countryName: string | null };

const applicationColumns = { id: applications.id, status: applications.status, countryName: applications.countryName };

/** The application's checklist from its guide, uploaded documents and hand ticks; null when its country has no guide. */
async function checklistOf(application: ApplicationRow, database: Database = db()): Promise<ApplicationChecklist | null> {
  const guide = guideForCountry(application.countryName);
  if (!guide) return null;
  const [documents, ticks] = await Promise.all([
    database
      .select({ field: applicationDocuments.field })
      .from(applicationDocuments)
      // A document staff asked a new copy of is not ready until the new copy comes.
      .where(and(eq(applicationDocuments.applicationId, application.id), ne(applicationDocuments.state, "needs-new-copy"))),
    database.select({ itemKey: checklistTicks.itemKey }).from(checklistTicks).where(eq(checklistTicks.applicationId, application.id)),
  ]);
  // Keys and rules come from the English guide; the items read in the request's language.
  const shown = findCountryGuide(guide.id) ?? guide;
  const view = buildChecklist(guide, new Set(documents.map((row) => row.field)), new Set(ticks.map((row) => row.itemKey)), shown);
  return { ...view, applicationId: application.id, country: shown.title, status: application.status };
}

/**
 * The checklist on a person's dashboard: their draft's, else their newest submitted or processing
 * application's. Null when they have none, or its country has no guide. Read through the
 * applications' cache (one entry per language: the items are worded in it): uploads,
 * submissions, status changes and ticks all empty it.
 */
export function studentChecklist(userId: string): Promise<ApplicationChecklist | null> {
  return cachedApplicationRead(JSON.stringify(["checklist", userId, getLocale()]), () => readStudentChecklist(userId));
}

async function readStudentChecklist(userId: string): Promise<ApplicationChecklist | null> {
  const [draft] = await db()
    .select(applicationColumns)
    .from(applications)
    .where(and(eq(applications.applicantId, userId), eq(applications.status, "draft")));
  if (draft) return checklistOf(draft);
  const [latest] = await db()
    .select(applicationColumns)
    .from(applications)
    .where(and(eq(applications.applicantId, userId), inArray(applications.status, applicationOpenStatuses)))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(1);
  return latest ? checklistOf(latest) : null;
}

/**
 * One application's checklist for staff, read-only (the staff page has already found the
 * application for them); null for an unknown application or a country without a guide.
 */
export function applicationChecklist(applicationId: string): Promise<ApplicationChecklist | null> {
  return cachedApplicationRead(JSON.stringify(["checklist-of", applicationId, getLocale()]), async () => {
    const [application] = await db().select(applicationColumns).from(applications).where(eq(applications.id, applicationId));
    return application ? checklistOf(application) : null;
  });
}

/** The API's refusal (its answers are English, ADR 037); pages say m.server_no_checklist() in their language. */
export const NO_CHECKLIST = m.server_no_checklist({}, { locale: "en" });

/**
 * Ticks or unticks an item the student gets ready by hand. Only the application's own applicant
 * may (anyone else: NOT_FOUND, as for an application that does not exist), only while it is a
 * draft, submitted or processing, and only an item of its checklist that no document ticks.
 * Ticking twice keeps one tick; unticking removes it. Returns the item's text for the toast.
 */
export async function setChecklistTick(input: {
  userId: string;
  applicationId: string;
  itemKey: string;
  ticked: boolean;
}): Promise<{ text: string; ticked: boolean }> {
  const outcome = await db().transaction(async (tx) => {
    // Locked for the write, so a status change cannot slip in between the check and the tick.
    const [application] = await tx
      .select(applicationColumns)
      .from(applications)
      .where(and(eq(applications.id, input.applicationId), eq(applications.applicantId, input.userId)))
      .for("share");
    if (!application) throw new AppError("NOT_FOUND", m.server_application_not_found());
    if (!(openStatuses as readonly string[]).includes(application.status)) {
      throw new AppError("CONFLICT", m.server_checklist_closed({ status: statusLabels[application.status].toLowerCase() }));
    }
    const checklist = await checklistOf(application, tx);
    if (!checklist) throw new AppError("INVALID", m.server_no_checklist());
    const item = checklist.items.find((candidate) => candidate.key === input.itemKey);
    if (!item) throw new AppError("INVALID", m.server_no_such_checklist_item());
    if (!item.manual) {
      throw new AppError("INVALID", m.server_checklist_item_by_upload({ item: item.text, documents: documentsPhrase(item, "noun") }));
    }
    if (input.ticked) {
      await tx.insert(checklistTicks).values({ applicationId: application.id, itemKey: item.key }).onConflictDoNothing();
    } else {
      await tx.delete(checklistTicks).where(and(eq(checklistTicks.applicationId, application.id), eq(checklistTicks.itemKey, item.key)));
    }
    return { text: item.text, ticked: input.ticked };
  });
  await applicationsChanged();
  return outcome;
}
