import { z } from "zod";
import { addApplicationNote } from "~/.server/applications/add-note";
import { assignApplication } from "~/.server/applications/assign";
import { findApplication } from "~/.server/applications/find-application";
import { listApplications, listOwnApplications } from "~/.server/applications/list-applications";
import { postApplicationMessage } from "~/.server/applications/messages";
import { reviewDocument } from "~/.server/applications/review-document";
import { reopenApplication, setApplicationStatus } from "~/.server/applications/set-status";
import { withdrawApplication } from "~/.server/applications/withdraw";
import type { SessionUser } from "~/.server/auth/session";
import {
  type ApplicationCard,
  type ApplicationDetail,
  applicationEventKinds,
  applicationStatuses,
  documentFields,
  documentStates,
} from "~/lib/applications";
import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import {
  ApplicationMessageSchema,
  AssignmentSchema,
  DocumentReviewSchema,
  ReopenSchema,
  StaffNoteSchema,
  StatusChangeSchema,
  WithdrawSchema,
} from "~/lib/schemas/applications";
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

const field = z.enum(documentFields as [string, ...string[]]);
const ApplicationSchema = ApplicationSummarySchema.omit({ updatedAt: true }).extend({
  universitySlug: z.string().nullable(),
  address: z.string().nullable(),
  fatherName: z.string().nullable(),
  motherName: z.string().nullable(),
  sponsorName: z.string().nullable(),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
  documents: z.array(
    z.object({
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
        z.object({
          id: z.number().int(),
          fileName: z.string(),
          size: z.number().int(),
          replacedAt: z.string(),
          reason: z.string().nullable(),
        }),
      ),
    }),
  ),
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

/** The application as the API shows it: the page's view without the pages' own links. */
function detail(application: ApplicationDetail): z.infer<typeof ApplicationSchema> {
  const { documents, submittedAt, ...rest } = application;
  return {
    ...rest,
    submittedAt: submittedAt?.toISOString() ?? null,
    documents: documents.map(({ url: _url, isImage: _isImage, history, ...document }) => ({
      ...document,
      history: history.map(({ url: _versionUrl, ...version }) => version),
    })),
  };
}

function viewerOf(user: SessionUser) {
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

export const applicationOperations = [
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
