import { Form, useNavigation } from "react-router";
import { addApplicationNote } from "~/.server/applications/add-note";
import { findApplication } from "~/.server/applications/find-application";
import { StaffNoteFormSchema, StatusChangeSchema } from "~/.server/applications/schema";
import { setApplicationStatus } from "~/.server/applications/set-status";
import { requireRole } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { applicationChecklist } from "~/.server/plan/checklist";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { ApplicationLayout } from "~/components/applications/application-details";
import { Page } from "~/components/layout/page";
import { DocumentChecklist } from "~/components/plan/document-checklist";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/field";
import { staffStatusActions, staffStatuses } from "~/lib/applications";
import { pageRoles } from "~/lib/dashboard-menu";
import { STAFF_NOTE_MAX_LENGTH } from "~/lib/schemas/applications";
import { serialize } from "~/lib/serialized";
import type { Route } from "./+types/application";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** One submitted application for staff: data, documents, status buttons, notes and timeline (404 for a draft or an unknown id). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.applications);
  try {
    const [application, checklist] = await Promise.all([
      findApplication({ id: params.id, viewer: { as: "staff" } }),
      applicationChecklist(params.id),
    ]);
    return { ...serialize(application), checklist };
  } catch (error) {
    throw replyWithError(error);
  }
}

/**
 * `status` = processing | rejected | completed (url-encoded, nothing else needed; an optional
 * `note`) sets the status; `intent` = note with a `note` adds a note alone. Staff only (403 for
 * anyone else); the toast comes after the change committed.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.applications);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const back = `/dashboard/applications/${params.id}`;
  // "Add note" is the one button with an intent; a status button posts its status alone.
  if (formData.has("intent")) {
    const submission = parseSubmission(formData, StaffNoteFormSchema);
    if (submission.status !== "success") return invalidSubmission(submission, StaffNoteFormSchema);
    try {
      await addApplicationNote({ id: params.id, note: submission.value.note, actor });
    } catch (error) {
      return refusedSubmission(submission, StaffNoteFormSchema, error);
    }
    return redirectWithToast(back, { type: "success", text: "Note added" }, { status: 303 });
  }
  const submission = parseSubmission(formData, StatusChangeSchema);
  if (submission.status !== "success") return invalidSubmission(submission, StatusChangeSchema);
  try {
    await setApplicationStatus({ id: params.id, status: submission.value.status, note: submission.value.note, actor });
  } catch (error) {
    throw replyWithError(error);
  }
  return redirectWithToast(back, { type: "success", text: staffStatusActions[submission.value.status].toast }, { status: 303 });
}

export default function ApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const application = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const result = actionData?.result;
  const problem = result?.error ? Object.values(result.error).flat()[0] : undefined;
  return (
    <Page title={`Application of ${application.name ?? "a student"}`}>
      <ApplicationLayout application={application} back={{ href: "/dashboard/applications", label: "Back to applications" }}>
        <Card className="p-4 sm:p-6">
          <h2 className="text-xl font-semibold text-slate-900">Status</h2>
          <Form method="post" preventScrollReset className="mt-3 grid gap-3">
            <label htmlFor="staff-note" className="text-sm font-semibold text-slate-800">
              Note for the timeline (optional; the student sees it)
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
            <div className="flex flex-wrap gap-2">
              {staffStatuses.map((status) => (
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
                Add note
              </Button>
            </div>
          </Form>
        </Card>
        {application.checklist ? <DocumentChecklist checklist={application.checklist} viewer="staff" /> : null}
      </ApplicationLayout>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Application of ${data?.name ?? "a student"} — Onward` }];
