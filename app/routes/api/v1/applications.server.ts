import { z } from "zod";
import { addApplicationNote } from "~/.server/applications/add-note";
import { assignApplication } from "~/.server/applications/assign";
import { loadDraft } from "~/.server/applications/draft-view";
import { findApplication } from "~/.server/applications/find-application";
import { listApplications, listOwnApplications } from "~/.server/applications/list-applications";
import { postApplicationMessage } from "~/.server/applications/messages";
import { openApplicationDocument } from "~/.server/applications/read-document";
import { reviewDocument } from "~/.server/applications/review-document";
import { reopenApplication, setApplicationStatus } from "~/.server/applications/set-status";
import { submitApplication } from "~/.server/applications/submit-application";
import { withdrawApplication } from "~/.server/applications/withdraw";
import type { SessionUser } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import {
  type ApplicationCard,
  type ApplicationDetail,
  applicationEventKinds,
  applicationStatuses,
  type DocumentField,
  type DocumentView,
  documentFields,
  documentStates,
} from "~/lib/applications";
import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import {
  ApplicationFormSchema,
  ApplicationMessageSchema,
  AssignmentSchema,
  DocumentReviewSchema,
  ReopenSchema,
  StaffNoteSchema,
  StatusChangeSchema,
  WithdrawSchema,
} from "~/lib/schemas/applications";
import { documentResponse, receiveDraftDocument } from "../../document-files.server";
import { defineOperation } from "./operation.server";
import { pageQuery } from "./respond.server";

const staff = pageRoles.applications;
const idParams = z.object({ id: z.string().max(100) });
const isoOrNull = z.iso.datetime({ offset: true }).nullable();

const ApplicationSummarySchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  name: z.string().nullable(),
  email: z.string().nullable(),
  countryName: z.string().nullable(),
  universityName: z.string().nullable(),
  submittedAt: isoOrNull,
  updatedAt: z.iso.datetime({ offset: true }),
});

const field = z.enum(documentFields as [DocumentField, ...DocumentField[]], { error: "There is no such document." });
const DocumentSchema = z.object({
  field,
  label: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  state: z.enum(documentStates),
  /** Why staff asked for a new copy. */
  reason: z.string().nullable(),
  /** Earlier copies the student replaced (staff only; empty for the student). */
  history: z.array(
    z.object({ id: z.number().int(), fileName: z.string(), size: z.number().int(), replacedAt: z.string(), reason: z.string().nullable() }),
  ),
});

const ApplicationSchema = ApplicationSummarySchema.omit({ updatedAt: true }).extend({
  universitySlug: z.string().nullable(),
  address: z.string().nullable(),
  fatherName: z.string().nullable(),
  motherName: z.string().nullable(),
  sponsorName: z.string().nullable(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  documents: z.array(DocumentSchema),
  timeline: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      actorName: z.string(),
      from: z.enum(applicationStatuses).nullable(),
      to: z.enum(applicationStatuses),
      kind: z.enum(applicationEventKinds),
      field: field.nullable(),
      note: z.string().nullable(),
    }),
  ),
  messages: z.array(z.object({ id: z.number().int(), authorName: z.string(), fromStaff: z.boolean(), body: z.string(), at: z.string() })),
});

function summary(card: ApplicationCard): z.infer<typeof ApplicationSummarySchema> {
  return { ...card, submittedAt: card.submittedAt?.toISOString() ?? null, updatedAt: card.updatedAt.toISOString() };
}

/** A document as the API shows it: the page's view without the pages' own links. */
function documentData({ url: _url, isImage: _isImage, history, ...document }: DocumentView): z.infer<typeof DocumentSchema> {
  return { ...document, history: history.map(({ url: _versionUrl, ...version }) => version) };
}

function detail(application: ApplicationDetail): z.infer<typeof ApplicationSchema> {
  const { documents, submittedAt, ...rest } = application;
  return { ...rest, submittedAt: submittedAt?.toISOString() ?? null, documents: documents.map(documentData) };
}

/** Who is asking about an application: staff, or its applicant (anyone else then finds nothing). */
export function viewerOf(user: SessionUser) {
  return hasRole(user.role, staff) ? ({ as: "staff" } as const) : ({ as: "owner", applicantId: user.id } as const);
}

const StaffListQuery = pageQuery.extend({
  status: z
    .enum(applicationStatuses.filter((status) => status !== "draft") as [Exclude<(typeof applicationStatuses)[number], "draft">])
    .optional(),
  country: z.string().max(100).optional(),
  q: z.string().max(100, "Use at most 100 characters").optional(),
  assigned: z.enum(["me", "unassigned", "any"]).default("any"),
});

const changed = z.object({ changed: z.boolean() });
const done = z.object({ done: z.literal(true) });

const fieldParams = z.object({ field });

export const applicationOperations = [
  defineOperation({
    id: "getDraft",
    method: "GET",
    path: "/me/application",
    tag: "Applications",
    summary: "The caller's application in progress: its text and the documents uploaded so far",
    description: "`id` is null until the first document is uploaded or an application is submitted with a refusal.",
    access: "signed-in",
    response: z.object({ id: z.string().nullable(), values: z.record(z.string(), z.string()), documents: z.array(DocumentSchema) }),
    async run({ user }) {
      const draft = await loadDraft(user.id);
      return { data: { id: draft.id, values: draft.values, documents: draft.documents.map(documentData) } };
    },
  }),
  defineOperation({
    id: "uploadDocument",
    method: "PUT",
    path: "/me/application/documents/{field}",
    tag: "Applications",
    summary: "Upload one of the 15 documents into the application in progress (replacing the one before)",
    description:
      "A multipart form with the file under the document's own field name, as the form sends it: JPEG, PNG, WebP or PDF, at most " +
      "UPLOAD_MAX_MB (413 above it, before the rest is read). Needs a confirmed e-mail.",
    access: "signed-in",
    params: fieldParams,
    takesFile: true,
    response: z.object({ draftId: z.string(), document: DocumentSchema }),
    refusals: [403],
    async run({ params, request, user }) {
      const saved = await receiveDraftDocument(request, user, params.field, getConfig().uploadMaxBytes);
      const draft = await loadDraft(user.id);
      const document = draft.documents.find((candidate) => candidate.field === params.field);
      return { data: { draftId: saved.applicationId, document: documentData(document as DocumentView) } };
    },
  }),
  defineOperation({
    id: "submitApplication",
    method: "POST",
    path: "/me/application/submit",
    tag: "Applications",
    summary: "Submit the application in progress with its text; every document must be uploaded first",
    description:
      "A missing document is a 400 naming it. `draftId` (from the uploads' answers or GET /me/application) names the " +
      "application in progress, as the form's hidden field does: sent twice with it, even at once, it submits once and " +
      "both answers name the same application. Without it, the application in progress at the time is submitted.",
    access: "signed-in",
    body: ApplicationFormSchema.extend({ draftId: z.string().max(100).optional() }),
    response: z.object({ id: z.string() }),
    status: 201,
    refusals: [403],
    async run({ rawBody, user }) {
      const form = new FormData();
      if (!rawBody.draftId) {
        const draft = await loadDraft(user.id);
        if (draft.id) form.set("draftId", draft.id);
      }
      for (const [name, value] of Object.entries(rawBody)) if (typeof value === "string") form.set(name, value);
      const { id } = await submitApplication({ applicant: user, maxBytes: getConfig().uploadMaxBytes, readForm: async () => form });
      return { data: { id }, status: 201 };
    },
  }),
  defineOperation({
    id: "downloadDocument",
    method: "GET",
    path: "/applications/{id}/documents/{field}",
    tag: "Applications",
    summary: "One document's file, for its applicant or staff (every staff view is recorded)",
    access: "signed-in",
    params: z.object({ id: z.string().max(100), field }),
    returnsFile: true,
    response: z.unknown(),
    async run({ params, user }) {
      return documentResponse(await openApplicationDocument({ id: params.id, field: params.field, viewer: user, as: viewerOf(user).as }));
    },
  }),
  defineOperation({
    id: "downloadDocumentVersion",
    method: "GET",
    path: "/applications/{id}/documents/{field}/versions/{version}",
    tag: "Casework",
    summary: "A copy of a document the student replaced, for staff (every view is recorded)",
    description: "`version` is the `id` of an entry of the document's `history` in GET /applications/{id}.",
    access: staff,
    params: z.object({ id: z.string().max(100), field, version: z.string().max(20) }),
    returnsFile: true,
    response: z.unknown(),
    async run({ params, user }) {
      return documentResponse(await openApplicationDocument({ ...params, viewer: user, as: "staff" }));
    },
  }),
  defineOperation({
    id: "listApplications",
    method: "GET",
    path: "/applications",
    tag: "Applications",
    summary: "Submitted applications, for staff",
    description: "Newest first, by `status`, `country`, `assigned` (`me`, `unassigned`, `any`) and `q` (any part of the name or e-mail).",
    access: staff,
    query: StaffListQuery,
    response: z.array(ApplicationSummarySchema),
    paginated: true,
    async run({ query, user }) {
      const assignedTo = query.assigned === "me" ? user.id : query.assigned === "unassigned" ? null : undefined;
      const list = await listApplications({ ...query, assignedTo });
      return { data: list.items.map(summary), meta: { page: list.page, pageSize: query.pageSize, total: list.total } };
    },
  }),
  defineOperation({
    id: "listOwnApplications",
    method: "GET",
    path: "/me/applications",
    tag: "Applications",
    summary: "The caller's own applications, the draft first",
    access: "signed-in",
    query: pageQuery,
    response: z.array(ApplicationSummarySchema),
    paginated: true,
    async run({ query, user }) {
      const list = await listOwnApplications({ applicantId: user.id, page: query.page, pageSize: query.pageSize });
      return { data: list.items.map(summary), meta: { page: list.page, pageSize: query.pageSize, total: list.total } };
    },
  }),
  defineOperation({
    id: "getApplication",
    method: "GET",
    path: "/applications/{id}",
    tag: "Applications",
    summary: "One application with its documents, timeline and messages",
    description: "Staff see any submitted application; anyone else only their own (another's is 404, as one that does not exist).",
    access: "signed-in",
    params: idParams,
    response: ApplicationSchema,
    async run({ params, user }) {
      return { data: detail(await findApplication({ id: params.id, viewer: viewerOf(user) })) };
    },
  }),
  defineOperation({
    id: "setApplicationStatus",
    method: "POST",
    path: "/applications/{id}/status",
    tag: "Casework",
    summary: "Set Processing, Rejected or Completed, with an optional note",
    description: "As the flow allows (ADR 031): a move it forbids is 409. The student is e-mailed.",
    access: staff,
    params: idParams,
    body: StatusChangeSchema,
    response: changed,
    refusals: [409],
    async run({ params, body, user }) {
      return { data: await setApplicationStatus({ id: params.id, status: body.status, note: body.note, actor: user }) };
    },
  }),
  defineOperation({
    id: "addApplicationNote",
    method: "POST",
    path: "/applications/{id}/notes",
    tag: "Casework",
    summary: "Add a note to the timeline",
    access: staff,
    params: idParams,
    body: StaffNoteSchema,
    response: done,
    status: 201,
    refusals: [409],
    async run({ params, body, user }) {
      await addApplicationNote({ id: params.id, note: body.note, actor: user });
      return { data: { done: true as const }, status: 201 };
    },
  }),
  defineOperation({
    id: "reviewDocument",
    method: "POST",
    path: "/applications/{id}/reviews",
    tag: "Casework",
    summary: "Accept a document, or ask for a new copy with the reason the student reads",
    access: staff,
    params: idParams,
    body: DocumentReviewSchema.omit({ intent: true }),
    response: done,
    refusals: [409],
    async run({ params, body, user }) {
      await reviewDocument({ id: params.id, field: body.field, decision: body.decision, reason: body.reason, actor: user });
      return { data: { done: true as const } };
    },
  }),
  defineOperation({
    id: "assignApplication",
    method: "POST",
    path: "/applications/{id}/assignee",
    tag: "Casework",
    summary: "Assign the application to a consultant (managers)",
    access: ["manager"],
    params: idParams,
    body: AssignmentSchema.omit({ intent: true }),
    response: changed,
    refusals: [409],
    async run({ params, body, user }) {
      return { data: await assignApplication({ id: params.id, assigneeId: body.assigneeId, actor: user }) };
    },
  }),
  defineOperation({
    id: "reopenApplication",
    method: "POST",
    path: "/applications/{id}/reopen",
    tag: "Casework",
    summary: "Reopen a completed or rejected application, saying why (managers)",
    access: staff,
    params: idParams,
    body: ReopenSchema.omit({ intent: true }),
    response: done,
    refusals: [409],
    async run({ params, body, user }) {
      await reopenApplication({ id: params.id, reason: body.reason, actor: user });
      return { data: { done: true as const } };
    },
  }),
  defineOperation({
    id: "postApplicationMessage",
    method: "POST",
    path: "/applications/{id}/messages",
    tag: "Casework",
    summary: "Write to the other side of an application (its student, or staff)",
    access: "signed-in",
    params: idParams,
    body: ApplicationMessageSchema.omit({ intent: true }),
    response: done,
    status: 201,
    refusals: [404, 409, 429],
    async run({ params, body, user }) {
      await postApplicationMessage({ id: params.id, body: body.body, author: user, as: viewerOf(user).as });
      return { data: { done: true as const }, status: 201 };
    },
  }),
  defineOperation({
    id: "withdrawApplication",
    method: "POST",
    path: "/applications/{id}/withdraw",
    tag: "Casework",
    summary: "Withdraw one's own open application, with an optional reason",
    access: "signed-in",
    params: idParams,
    body: WithdrawSchema.omit({ intent: true }),
    response: done,
    refusals: [404, 409],
    async run({ params, body, user }) {
      await withdrawApplication({ id: params.id, reason: body.reason, applicant: user });
      return { data: { done: true as const } };
    },
  }),
];
