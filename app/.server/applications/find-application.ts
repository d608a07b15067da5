import { and, eq, ne, sql } from "drizzle-orm";
import {
  type ApplicationDetail,
  type ApplicationEventKind,
  type ApplicationStatus,
  type DocumentField,
  type DocumentState,
  type DocumentView,
  documentFields,
  documentInfo,
  isDocumentField,
} from "~/lib/applications";
import { m } from "~/paraglide/messages";
import { db } from "../db";
import {
  applicationDocuments,
  applicationDocumentVersions,
  applicationEvents,
  applicationMessages,
  applications,
  universities,
  users,
} from "../db/schema";
import { AppError } from "../errors";
import { cachedApplicationRead } from "./application-reads";

type DocumentRow = {
  field: string;
  fileName: string;
  contentType: string;
  size: number;
  state: DocumentState;
  reason: string | null;
  history: { id: number | string; fileName: string; size: number; replacedAt: string; reason: string | null }[] | null;
};
type EventRow = {
  id: number | string;
  at: string;
  actorName: string;
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  kind: ApplicationEventKind;
  field: string | null;
  note: string | null;
};
type MessageRow = { id: number | string; authorName: string; fromStaff: boolean; body: string; at: string };

/** Who is looking decides which applications exist for them and where the document links lead. */
export type Viewer = { as: "staff" } | { as: "owner"; applicantId: string };

/**
 * One application with its documents (in the spec's order) and its timeline, for staff (any
 * submitted application; drafts are the student's own) or for its owner. Anything else is
 * NOT_FOUND, the same as an id that does not exist.
 */
export async function findApplication(input: { id: string; viewer: Viewer }): Promise<ApplicationDetail> {
  const { viewer } = input;
  const detail = await cachedApplicationRead(JSON.stringify(["detail", input.id, viewer.as === "staff" ? "" : viewer.applicantId]), () =>
    readApplication(input.id, viewer),
  );
  if (!detail) throw new AppError("NOT_FOUND", m.server_application_not_found());
  return detail;
}

/** The detail page's one read; null for an application this viewer may not see. */
async function readApplication(id: string, viewer: Viewer): Promise<ApplicationDetail | null> {
  // One round trip: the application with its documents, timeline and thread as JSON (a detail page is read all day).
  // Replaced copies are staff's alone: the student's read never selects them.
  const history =
    viewer.as === "staff"
      ? sql`(select json_agg(json_build_object('id', v.id, 'fileName', v.file_name, 'size', v.size, 'replacedAt', v.replaced_at, 'reason', v.reason) order by v.replaced_at desc, v.id desc)
          from ${applicationDocumentVersions} v where v.application_id = d.application_id and v.field = d.field)`
      : sql`null`;
  const [row] = await db()
    .select({
      application: applications,
      universitySlug: universities.slug,
      assigneeName: users.name,
      documents: sql<DocumentRow[]>`coalesce((
        select json_agg(json_build_object('field', d.field, 'fileName', d.file_name, 'contentType', d.content_type, 'size', d.size,
          'state', d.state, 'reason', d.reason, 'history', ${history}))
        from ${applicationDocuments} d where d.application_id = ${applications.id}
      ), '[]'::json)`,
      events: sql<EventRow[]>`coalesce((
        select json_agg(json_build_object('id', e.id, 'at', e.at, 'actorName', e.actor_name, 'from', e.from_status, 'to', e.to_status,
          'kind', e.kind, 'field', e.field, 'note', e.note) order by e.at, e.id)
        from ${applicationEvents} e where e.application_id = ${applications.id}
      ), '[]'::json)`,
      messages: sql<MessageRow[]>`coalesce((
        select json_agg(json_build_object('id', m.id, 'authorName', m.author_name, 'fromStaff', m.from_staff, 'body', m.body, 'at', m.created_at) order by m.id)
        from ${applicationMessages} m where m.application_id = ${applications.id}
      ), '[]'::json)`,
    })
    .from(applications)
    .leftJoin(universities, eq(universities.id, applications.universityId))
    .leftJoin(users, eq(users.id, applications.assignedTo))
    .where(
      viewer.as === "staff"
        ? and(eq(applications.id, id), ne(applications.status, "draft"))
        : and(eq(applications.id, id), eq(applications.applicantId, viewer.applicantId)),
    );
  if (!row) return null;
  const { application } = row;
  const documents = row.documents;
  const events = row.events;
  const base = viewer.as === "staff" ? "/dashboard/applications" : "/dashboard/my-applications";
  return {
    id: application.id,
    status: application.status,
    email: application.email,
    countryName: application.countryName,
    universityName: application.universityName,
    universitySlug: row.universitySlug ?? null,
    name: application.name,
    address: application.address,
    fatherName: application.fatherName,
    motherName: application.motherName,
    sponsorName: application.sponsorName,
    submittedAt: application.submittedAt,
    assignee: application.assignedTo && row.assigneeName ? { id: application.assignedTo, name: row.assigneeName } : null,
    documents: documentViews(documents, `${base}/${application.id}/documents`),
    timeline: events.map((event) => ({
      id: Number(event.id),
      at: new Date(event.at).toISOString(),
      actorName: event.actorName,
      from: event.from,
      to: event.to,
      kind: event.kind,
      field: isDocumentField(event.field) ? event.field : null,
      note: event.note,
    })),
    messages: row.messages.map((message) => ({
      id: Number(message.id),
      authorName: message.authorName,
      fromStaff: message.fromStaff,
      body: message.body,
      at: new Date(message.at).toISOString(),
    })),
  };
}

/** Stored documents as the pages show them, in the spec's order, each linked to the route that streams it. */
export function documentViews(
  rows: (Pick<DocumentRow, "field" | "fileName" | "contentType" | "size"> & Partial<Pick<DocumentRow, "state" | "reason" | "history">>)[],
  base: string,
): DocumentView[] {
  const byField = new Map(rows.filter((row) => isDocumentField(row.field)).map((row) => [row.field as DocumentField, row]));
  return documentFields.flatMap((field) => {
    const row = byField.get(field);
    if (!row) return [];
    return [
      {
        field,
        label: documentInfo(field).label,
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.size,
        isImage: row.contentType.startsWith("image/"),
        url: `${base}/${field}`,
        state: row.state ?? "received",
        reason: row.reason ?? null,
        history: (row.history ?? []).map((version) => ({
          id: Number(version.id),
          fileName: version.fileName,
          size: version.size,
          replacedAt: new Date(version.replacedAt).toISOString(),
          reason: version.reason,
          url: `${base}/${field}/versions/${version.id}`,
        })),
      },
    ];
  });
}
