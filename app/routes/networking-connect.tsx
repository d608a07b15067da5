import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { requireRole } from "~/.server/auth/session";
import { isAppError, replyWithError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import { connectMessagesLeft, findConnectTarget, sendConnectMessage } from "~/.server/networking/connect";
import { memberPhotoUrl } from "~/.server/networking/member-photo";
import { readForm } from "~/.server/read-form";
import { type FormReply, formResult, invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { Page } from "~/components/layout/page";
import { MemberHeading } from "~/components/networking/member-heading";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage, TextAreaField } from "~/components/ui/field";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { CONNECT_DAILY_LIMIT, CONNECT_MESSAGE_MAX_LENGTH, ConnectFormSchema } from "~/lib/schemas/networking";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/networking-connect";

/** Forwards Retry-After (the daily limit) to the browser. */
export { headers } from "~/lib/headers";

/**
 * Connect: a student writes to a networking member. The member's e-mail is never shown; the
 * student's goes to the member as the message's reply-to. A member who is not listed or not taking
 * messages is the 404 page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const student = await requireRole(request, pageRoles.connectWithMember);
  const member = await findConnectTarget(params.memberId, student).catch((error: unknown) => {
    throw replyWithError(error);
  });
  return {
    member: {
      name: member.name,
      profession: member.profession,
      company: member.company,
      place: `${member.address}, ${member.location}`,
      photoUrl: memberPhotoUrl(member.photo),
    },
    student: { email: student.email, emailVerified: student.emailVerified },
    messagesLeft: await connectMessagesLeft(student.id),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const student = await requireRole(request, pageRoles.connectWithMember);
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    return replyWithError<FormReply>(error, (refusal) => ({ result: { status: "error", error: { "": [refusal.message] } } }));
  }
  const submission = parseSubmission(formData, ConnectFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, ConnectFormSchema);
  let memberName: string;
  try {
    ({ memberName } = await sendConnectMessage({ sender: student, memberId: params.memberId, message: submission.value.message }));
  } catch (error) {
    if (isAppError(error)) return refusedSubmission(submission, ConnectFormSchema, error);
    logger.error({ err: error, memberId: params.memberId }, "a Connect message failed");
    return data<FormReply>(
      { result: formResult(submission, ConnectFormSchema, { formErrors: [m.forms_something_went_wrong()] }) },
      { status: 500 },
    );
  }
  return redirectWithToast(
    "/networking",
    { type: "success", text: m.community_connect_sent_toast({ member: memberName, email: student.email }) },
    { status: 303 },
  );
}

export default function ConnectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { member, student, messagesLeft } = loaderData;
  return (
    <Page title={m.community_connect_title({ name: member.name })}>
      <div className="grid max-w-2xl gap-6">
        <Card className="p-5">
          <MemberHeading photoUrl={member.photoUrl} name={member.name} detail={`${member.profession}, ${member.company}`} size="lg" />
          <p className="mt-3 text-sm text-slate-700">{member.place}</p>
        </Card>
        <p className="text-slate-700">
          {m.community_connect_intro_start({ name: member.name })} <strong className="[overflow-wrap:anywhere]">{student.email}</strong>
          {m.community_connect_intro_end()}
        </p>
        {student.emailVerified ? (
          messagesLeft > 0 ? (
            <ConnectForm lastResult={actionData?.result} messagesLeft={messagesLeft} />
          ) : (
            <FormMessage tone="info">{m.community_connect_limit_reached({ limit: groupThousands(CONNECT_DAILY_LIMIT) })}</FormMessage>
          )
        ) : (
          <FormMessage tone="info">
            {m.community_connect_verify_first({ name: member.name })}{" "}
            <Link to="/dashboard/profile" className="font-semibold underline">
              {m.community_connect_verify_link()}
            </Link>
            {m.community_full_stop()}
          </FormMessage>
        )}
      </div>
    </Page>
  );
}

function ConnectForm({ lastResult, messagesLeft }: { lastResult: SubmissionResult<string[]> | undefined; messagesLeft: number }) {
  const location = useLocation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === location.pathname;
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof ConnectFormSchema>>("connect", lastResult);
  const problem = form.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} {...loadValidation} noValidate className="grid gap-4">
      {problem ? <FormMessage>{problem}</FormMessage> : null}
      <TextAreaField
        label={m.community_connect_message_label()}
        field={fields.message}
        rows={7}
        required
        maxLength={CONNECT_MESSAGE_MAX_LENGTH}
        hint={m.community_connect_message_hint({
          max: groupThousands(CONNECT_MESSAGE_MAX_LENGTH),
          count: messagesLeft,
          countText: groupThousands(messagesLeft),
          limit: groupThousands(CONNECT_DAILY_LIMIT),
        })}
      />
      <div className="flex flex-wrap gap-3">
        <Button size="lg" pending={submitting}>
          {submitting ? m.forms_contact_sending() : m.community_connect_send()}
        </Button>
        <LinkButton href={localizedPath("/networking")} variant="outline" size="lg">
          {m.community_connect_back()}
        </LinkButton>
      </div>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: m.community_connect_meta_title({
      title: loaderData ? m.community_connect_title({ name: loaderData.member.name }) : m.community_connect_meta_connect(),
    }),
  },
  { name: "robots", content: "noindex" },
];
