import { Form, useNavigation } from "react-router";
import { addApplicationNote } from "~/.server/applications/add-note";
import { assignApplication, assignableConsultants } from "~/.server/applications/assign";
import { findApplication } from "~/.server/applications/find-application";
import { hasUnread, postApplicationMessage, threadOpened } from "~/.server/applications/messages";
import { reviewDocument } from "~/.server/applications/review-document";
import { StaffNoteFormSchema, StatusChangeSchema } from "~/.server/applications/schema";
import { reopenApplication, setApplicationStatus } from "~/.server/applications/set-status";
import { requireRole } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { applicationChecklist } from "~/.server/plan/checklist";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { ApplicationLayout } from "~/components/applications/application-details";
import { DocumentReview } from "~/components/applications/document-review";
import { type IntentReply, problemsOf } from "~/components/applications/form-reply";
import { MessageThread } from "~/components/applications/message-thread";
import { Page } from "~/components/layout/page";
import { DocumentChecklist } from "~/components/plan/document-checklist";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage, Select, TextAreaField } from "~/components/ui/field";
import { isFinal, move } from "~/lib/application-flow";
import { documentInfo, isDocumentField, staffStatusActions, staffStatuses, statusLabels, threadPage } from "~/lib/applications";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { hasRole } from "~/lib/roles";
import {
  ApplicationMessageSchema,
  AssignmentSchema,
  DocumentReviewSchema,
  REASON_MAX_LENGTH,
  ReopenSchema,
  STAFF_NOTE_MAX_LENGTH,
} from "~/lib/schemas/applications";
import { serialize } from "~/lib/serialized";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/application";
import { intentForm, runIntentForm } from "./application-intents.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/**
 * One submitted application for staff: data, documents with their reviews (`?review={field}` opens
 * one document's review form), status buttons, assignment, notes, the thread and the timeline (404
 * for a draft or an unknown id).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, pageRoles.applications);
  const manager = hasRole(user.role, ["manager"]);
  try {
    const [application, checklist, consultants] = await Promise.all([
      findApplication({ id: params.id, viewer: { as: "staff" } }),
      applicationChecklist(params.id),
      manager ? assignableConsultants() : Promise.resolve([]),
    ]);
    const last = application.messages.at(-1);
    if (last && !last.fromStaff) {
      await threadOpened({
        userId: user.id,
        applicationId: application.id,
        lastId: last.id,
        unread: await hasUnread(user.id, application.id, false),
      });
    }
    const query = new URL(request.url).searchParams;
    const review = query.get("review");
    const { messages, ...rest } = serialize(application);
    return {
      ...rest,
      thread: threadPage(messages, query.get("page")),
      checklist,
      consultants,
      role: user.role,
      manager,
      reviewing: isDocumentField(review) ? review : null,
    };
  } catch (error) {
    throw replyWithError(error);
  }
}

/**
 * `status` = processing | rejected | completed (url-encoded, nothing else needed; an optional
 * `note`) sets the status as the rules allow (409 otherwise); `intent` names every other form:
 * note, review-document (`field`, `decision`, `reason`), assign (`assigneeId`, managers),
 * reopen (`reason`, managers) and message (`body`). Staff only (403 for anyone else); the toast
 * comes after the change committed.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.applications);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const back = `/dashboard/applications/${params.id}`;
  const id = params.id;
  if (formData.has("intent")) {
    return runIntentForm(
      formData,
      {
        note: intentForm({
          schema: StaffNoteFormSchema,
          run: (value) => addApplicationNote({ id, note: value.note, actor }),
          toast: () => m.staff_toast_note_added(),
          anchor: "status",
        }),
        "review-document": intentForm({
          schema: DocumentReviewSchema,
          run: (value) => reviewDocument({ id, field: value.field, decision: value.decision, reason: value.reason, actor }),
          toast: (value) =>
            value.decision === "accepted"
              ? m.staff_toast_document_accepted({ document: documentInfo(value.field).label })
              : m.staff_toast_new_copy({ document: documentInfo(value.field).noun }),
          anchor: (value) => `document-${value.field}`,
        }),
        assign: intentForm({
          schema: AssignmentSchema,
          run: (value) => assignApplication({ id, assigneeId: value.assigneeId, actor }),
          toast: () => m.staff_toast_application_assigned(),
          anchor: "assignment",
        }),
        reopen: intentForm({
          schema: ReopenSchema,
          run: (value) => reopenApplication({ id, reason: value.reason, actor }),
          toast: () => m.staff_toast_application_reopened(),
          anchor: "status",
        }),
        message: intentForm({
          schema: ApplicationMessageSchema,
          run: (value) => postApplicationMessage({ id, body: value.body, author: actor, as: "staff" }),
          toast: () => m.staff_toast_message_sent(),
          anchor: "messages",
        }),
      },
      back,
    );
  }
  const submission = parseSubmission(formData, StatusChangeSchema);
  if (submission.status !== "success") return invalidSubmission(submission, StatusChangeSchema, { form: "status" });
  try {
    await setApplicationStatus({ id, status: submission.value.status, note: submission.value.note, actor });
  } catch (error) {
    return refusedSubmission(submission, StatusChangeSchema, error, { extra: { form: "status" } });
  }
  // Back to the status card, whose heading takes the focus of the button pressed (disabled while it went: app/root.tsx).
  return redirectWithToast(`${back}#status`, { type: "success", text: staffStatusActions[submission.value.status].toast }, { status: 303 });
}

export default function ApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const application = loaderData;
  const reply = actionData as IntentReply | undefined;
  const open = application.status !== "withdrawn" && !isFinal(application.status);
  return (
    <Page title={applicationTitle(application.name)}>
      <ApplicationLayout
        application={application}
        back={{ href: localizedPath("/dashboard/applications"), label: m.staff_back_to_applications() }}
        documentExtra={(document) => (
          <DocumentReview document={document} reply={reply} canReview={open} open={application.reviewing === document.field} />
        )}
        main={
          <MessageThread
            thread={application.thread}
            viewer="staff"
            reply={reply}
            closed={application.status === "withdrawn" ? m.server_withdrawn_read_only() : undefined}
          />
        }
      >
        <StatusCard application={application} reply={reply} />
        <AssignmentCard application={application} reply={reply} />
        {application.checklist ? <DocumentChecklist checklist={application.checklist} viewer="staff" /> : null}
      </ApplicationLayout>
    </Page>
  );
}

type PageData = Route.ComponentProps["loaderData"];

/**
 * The spec's three buttons (only those the rules allow now), the note, and for a final
 * application a manager's reopen form with its reason.
 */
function StatusCard({ application, reply }: { application: PageData; reply: IntentReply | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const mover = { as: "staff", role: application.role } as const;
  const allowed = staffStatuses.filter((status) => move(application.status, { kind: "set-status", to: status }, mover).allowed);
  const status = problemsOf(reply, "status");
  const note = problemsOf(reply, "note");
  const reopen = problemsOf(reply, "reopen");
  const problem = status.problem ?? note.problem;
  const final = isFinal(application.status);
  return (
    <Card className="p-4 sm:p-6">
      {/* A status change, a note or a reopening comes back to it (`#status`), and it takes the focus (app/root.tsx). */}
      <h2 id="status" className="scroll-mt-20 text-xl font-semibold text-slate-900">
        {m.staff_status()}
      </h2>
      {application.status === "withdrawn" ? (
        <p className="mt-2 text-slate-800">{m.server_withdrawn_read_only()}</p>
      ) : (
        <Form
          // A new form (an empty note) once a change or a note has landed on the timeline: a note left in the box
          // would be sent again with the next status. A refused one keeps what was typed.
          key={application.timeline.length}
          method="post"
          preventScrollReset
          className="mt-3 grid gap-3"
        >
          <label htmlFor="staff-note" className="text-sm font-semibold text-slate-800">
            {m.staff_note_label()}
          </label>
          <textarea
            id="staff-note"
            name="note"
            rows={3}
            maxLength={STAFF_NOTE_MAX_LENGTH}
            className="block w-full rounded-md border border-slate-400 px-3 py-2"
            aria-describedby={problem ? "status-problem" : undefined}
          />
          {problem ? (
            <div id="status-problem">
              <FormMessage>{problem}</FormMessage>
            </div>
          ) : null}
          {final ? (
            <p className="text-sm text-slate-700">
              {(application.manager ? m.staff_status_final : m.staff_status_final_manager_only)({
                status: statusLabels[application.status],
              })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {(final ? [] : allowed).map((status) => (
              <Button
                key={status}
                name="status"
                value={status}
                size="sm"
                variant={status === "rejected" ? "neutral" : status === "completed" ? "primary" : "secondary"}
                pending={sending}
                aria-pressed={application.status === status}
                onClick={(event) => {
                  if (!window.confirm(staffStatusActions[status].question)) event.preventDefault();
                }}
              >
                {staffStatusActions[status].button}
              </Button>
            ))}
            <Button name="intent" value="note" size="sm" variant="outline" pending={sending}>
              {m.staff_add_note()}
            </Button>
          </div>
        </Form>
      )}
      {final && application.manager ? (
        <Form method="post" preventScrollReset className="mt-4 grid gap-3 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="reopen" />
          {reopen.problem && !reopen.fields.reason ? <FormMessage>{reopen.problem}</FormMessage> : null}
          <TextAreaField
            label={m.staff_reopen_reason()}
            name="reason"
            rows={2}
            required
            maxLength={REASON_MAX_LENGTH}
            error={reopen.fields.reason}
            hint={m.staff_reopen_hint()}
          />
          <Button size="sm" variant="secondary" className="justify-self-start" pending={sending}>
            {m.staff_reopen()}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

/** Who is responsible: a manager chooses the consultant; everyone else sees who it is. */
function AssignmentCard({ application, reply }: { application: PageData; reply: IntentReply | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "assign";
  const { problem } = problemsOf(reply, "assign");
  const canAssign = application.manager && application.status !== "withdrawn";
  return (
    <Card className="p-4 sm:p-6">
      <h2 id="assignment" className="scroll-mt-20 text-xl font-semibold text-slate-900">
        {m.staff_handled_by()}
      </h2>
      <p className="mt-2 text-slate-800">{application.assignee ? application.assignee.name : m.staff_nobody_yet()}</p>
      {canAssign ? (
        <Form method="post" preventScrollReset className="mt-3 grid gap-2">
          <input type="hidden" name="intent" value="assign" />
          {problem ? <FormMessage>{problem}</FormMessage> : null}
          <label htmlFor="assignee" className="text-sm font-semibold text-slate-800">
            {application.assignee ? m.staff_hand_it_to() : m.staff_assign_to()}
          </label>
          {application.consultants.length === 0 ? (
            <p className="text-sm text-slate-700">{m.staff_no_consultants()}</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Select
                id="assignee"
                name="assigneeId"
                look="compact"
                defaultValue={application.assignee?.id ?? ""}
                required
                className="min-h-11"
              >
                <option value="">{m.staff_choose_consultant()}</option>
                {application.consultants.map((consultant) => (
                  <option key={consultant.id} value={consultant.id}>
                    {consultant.name}
                  </option>
                ))}
              </Select>
              <Button size="sm" pending={sending}>
                {m.staff_assign()}
              </Button>
            </div>
          )}
        </Form>
      ) : null}
    </Card>
  );
}

/** "Application of Rahim", or of "a student" when the name is not known. */
function applicationTitle(name: string | null | undefined): string {
  return name != null ? m.staff_application_title({ name }) : m.staff_application_title_unnamed();
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: m.staff_title_suffix({ title: applicationTitle(data?.name) }) }];
