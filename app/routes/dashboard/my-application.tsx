import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { findApplication } from "~/.server/applications/find-application";
import { hasUnread, postApplicationMessage, threadOpened } from "~/.server/applications/messages";
import { replaceDocuments } from "~/.server/applications/replace-documents";
import { withdrawApplication } from "~/.server/applications/withdraw";
import { requireUser } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import { AppError, replyWithError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { redirectWithToast } from "~/.server/toast";
import { readMultipart } from "~/.server/uploads";
import { ApplicationLayout } from "~/components/applications/application-details";
import { type IntentReply, problemsOf } from "~/components/applications/form-reply";
import { MessageThread } from "~/components/applications/message-thread";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage, TextAreaField } from "~/components/ui/field";
import { isOpen } from "~/lib/application-flow";
import { DOCUMENT_ACCEPT, documentFields, formatBytes, threadPage } from "~/lib/applications";
import { localizedPath } from "~/lib/locale";
import { formatDigits } from "~/lib/numbers";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { ApplicationMessageSchema, REASON_MAX_LENGTH, WithdrawSchema } from "~/lib/schemas/applications";
import { serialize } from "~/lib/serialized";
import { shrinkChosenFile } from "~/lib/shrink-image";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/my-application";
import { intentForm, runIntentForm } from "./application-intents.server";

/** New copies of documents come to this page: as many files as the form has documents. */
export const handle: ServerRouteHandle = { maxUploadFiles: documentFields.length };

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The person's own application: their data, documents with staff's reviews, the thread and the timeline (404 for anyone else's, as for a missing id). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  let application: Awaited<ReturnType<typeof findApplication>>;
  try {
    application = await findApplication({ id: params.id, viewer: { as: "owner", applicantId: user.id } });
  } catch (error) {
    throw replyWithError(error);
  }
  // A draft is still being written: on the form.
  if (application.status === "draft") throw redirect("/apply");
  const last = application.messages.at(-1);
  if (last?.fromStaff) {
    await threadOpened({
      userId: user.id,
      applicationId: application.id,
      lastId: last.id,
      unread: await hasUnread(user.id, application.id, true),
    });
  }
  const { messages, ...rest } = serialize(application);
  return {
    ...rest,
    thread: threadPage(messages, new URL(request.url).searchParams.get("page")),
    maxUploadBytes: getConfig().uploadMaxBytes,
  };
}

/**
 * The student's posts: new copies of the documents staff asked for (multipart, each file under
 * its field's name), `intent=message` with `body`, and `intent=withdraw` with an optional
 * `reason`. Only on their own application (404 for anyone else's, as for a missing id).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const id = params.id;
  const back = `/dashboard/my-applications/${id}`;
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    return replaceFromForm(request, id, user, back);
  }
  const formData = await readForm(request).catch(refuseUnreadableForm);
  return runIntentForm(
    formData,
    {
      message: intentForm({
        schema: ApplicationMessageSchema,
        run: (value) => postApplicationMessage({ id, body: value.body, author: user, as: "owner" }),
        toast: () => m.dashboard_myapp_toast_message_sent(),
        anchor: "messages",
      }),
      withdraw: intentForm({
        schema: WithdrawSchema,
        run: (value) => withdrawApplication({ id, reason: value.reason, applicant: user }),
        toast: () => m.dashboard_myapp_toast_withdrawn(),
      }),
    },
    back,
  );
}

/** The new copies, streamed through the same checks as the form's documents; a refusal names each file's problem. */
async function replaceFromForm(request: Request, id: string, user: Awaited<ReturnType<typeof requireUser>>, back: string) {
  const maxBytes = getConfig().uploadMaxBytes;
  try {
    const { replaced } = await replaceDocuments({
      id,
      applicant: user,
      maxBytes,
      readForm: (onFile) => readMultipart(request, { maxFileBytes: maxBytes, maxFiles: documentFields.length, maxFields: 10, onFile }),
    });
    const text =
      replaced.length === 1
        ? m.dashboard_myapp_toast_new_copy()
        : m.dashboard_myapp_toast_new_copies({ count: formatDigits(replaced.length) });
    return redirectWithToast(back, { type: "success", text }, { status: 303 });
  } catch (error) {
    if (error instanceof AppError) {
      const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([name, message]) => [name, [message]]));
      return replyWithError(error, (refusal) => ({ form: "replace", result: { error: { "": [refusal.message], ...fieldErrors } } }));
    }
    logger.error({ err: error, applicationId: id }, "replacing application documents failed");
    return data({ form: "replace", result: { error: { "": [m.forms_something_went_wrong()] } } }, { status: 500 });
  }
}

export default function MyApplicationPage({ loaderData: application, actionData }: Route.ComponentProps) {
  const reply = actionData as IntentReply | undefined;
  const requested = application.documents.filter((document) => document.state === "needs-new-copy");
  return (
    <Page title={applicationTitle(application.universityName)}>
      <ApplicationLayout
        application={application}
        back={{ href: localizedPath("/dashboard/my-applications"), label: m.dashboard_myapp_back() }}
        top={
          requested.length > 0 && application.status === "documents-requested" ? (
            <NewCopiesForm documents={requested} maxUploadBytes={application.maxUploadBytes} reply={reply} />
          ) : null
        }
        main={
          <MessageThread
            thread={application.thread}
            viewer="student"
            reply={reply}
            closed={application.status === "withdrawn" ? m.dashboard_myapp_thread_closed() : undefined}
          />
        }
      >
        {isOpen(application.status) ? <WithdrawForm reply={reply} /> : null}
        {application.status === "withdrawn" ? (
          <Card className="p-4 sm:p-6">
            <p className="text-slate-800">{m.dashboard_myapp_withdrawn_note()}</p>
          </Card>
        ) : null}
      </ApplicationLayout>
    </Page>
  );
}

type RequestedDocument = Route.ComponentProps["loaderData"]["documents"][number];

/** One file input per document staff asked a new copy of, sent together (works without JavaScript). */
function NewCopiesForm({
  documents,
  maxUploadBytes,
  reply,
}: {
  documents: RequestedDocument[];
  maxUploadBytes: number;
  reply: IntentReply | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formEncType === "multipart/form-data";
  // Photos being made smaller before the post (shrinkChosenFile): the button waits for them.
  const [preparing, setPreparing] = useState(0);
  const { problem, fields } = problemsOf(reply, "replace");
  // A problem with a document this form has no input for (one not asked for) is shown above the inputs.
  const asked = new Set<string>(documents.map((document) => document.field));
  const stray = Object.entries(fields).find(([name]) => !asked.has(name))?.[1];
  const message = Object.keys(fields).length === 0 ? problem : stray;
  return (
    <Card className="border-amber-500 p-4 sm:p-6" id="new-copies">
      <h2 className="text-xl font-semibold text-slate-900">{m.dashboard_myapp_new_copies_title()}</h2>
      <p className="mt-1 text-sm text-slate-700">
        {m.dashboard_myapp_new_copies_text({
          documents: m.dashboard_myapp_documents({ count: documents.length, countText: formatDigits(documents.length) }),
          size: formatBytes(maxUploadBytes),
        })}
      </p>
      <Form method="post" encType="multipart/form-data" preventScrollReset className="mt-3 grid gap-4">
        {message ? <FormMessage>{message}</FormMessage> : null}
        {documents.map((document) => (
          <div key={document.field}>
            <label htmlFor={`new-${document.field}`} className="block text-sm font-semibold text-slate-800">
              {document.label}
            </label>
            {document.reason ? <p className="text-sm text-amber-950">{m.dashboard_myapp_why({ reason: document.reason })}</p> : null}
            <input
              id={`new-${document.field}`}
              type="file"
              name={document.field}
              accept={DOCUMENT_ACCEPT}
              aria-invalid={fields[document.field] ? true : undefined}
              aria-describedby={fields[document.field] ? `new-${document.field}-error` : undefined}
              onChange={(event) => {
                setPreparing((count) => count + 1);
                void shrinkChosenFile(event.currentTarget).finally(() => setPreparing((count) => count - 1));
              }}
              className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
            />
            {fields[document.field] ? (
              <p id={`new-${document.field}-error`} className="mt-1 text-sm font-medium text-red-700">
                {fields[document.field]}
              </p>
            ) : null}
          </div>
        ))}
        <Button size="sm" className="justify-self-start" pending={sending || preparing > 0}>
          {sending ? m.forms_contact_sending() : preparing > 0 ? m.dashboard_myapp_making_smaller() : m.dashboard_myapp_send_new_copies()}
        </Button>
      </Form>
    </Card>
  );
}

/** Withdrawing asks first: the form opens from its summary, then a second button confirms (no JavaScript needed). */
function WithdrawForm({ reply }: { reply: IntentReply | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "withdraw";
  const { problem, fields } = problemsOf(reply, "withdraw");
  return (
    <Card className="p-4 sm:p-6">
      <details open={problem !== undefined}>
        <summary className="cursor-pointer font-semibold text-slate-900">{m.dashboard_myapp_withdraw_title()}</summary>
        <Form method="post" preventScrollReset className="mt-3 grid gap-3">
          <input type="hidden" name="intent" value="withdraw" />
          <p className="text-sm text-slate-700">{m.dashboard_myapp_withdraw_text()}</p>
          {problem && !fields.reason ? <FormMessage>{problem}</FormMessage> : null}
          <TextAreaField
            label={m.dashboard_myapp_withdraw_reason()}
            name="reason"
            rows={2}
            maxLength={REASON_MAX_LENGTH}
            error={fields.reason}
          />
          <Button size="sm" variant="neutral" className="justify-self-start" pending={sending}>
            {m.dashboard_myapp_withdraw_confirm()}
          </Button>
        </Form>
      </details>
    </Card>
  );
}

/** "Your application to {university}", or to study abroad when it names none. */
function applicationTitle(universityName: string | null | undefined): string {
  return universityName ? m.dashboard_myapp_title({ university: universityName }) : m.dashboard_myapp_title_abroad();
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${applicationTitle(data?.universityName)} — Onward` }];
