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
import { SOMETHING_WENT_WRONG } from "~/lib/contact-form";
import { pageRoles } from "~/lib/dashboard-menu";
import { plural } from "~/lib/plural";
import { CONNECT_DAILY_LIMIT, CONNECT_LIMIT, CONNECT_MESSAGE_MAX_LENGTH, ConnectFormSchema } from "~/lib/schemas/networking";
import { useSchemaForm } from "~/lib/use-schema-form";
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
    return data<FormReply>({ result: formResult(submission, ConnectFormSchema, { formErrors: [SOMETHING_WENT_WRONG] }) }, { status: 500 });
  }
  return redirectWithToast(
    "/networking",
    { type: "success", text: `Your message is on its way to ${memberName}. Their reply will come to ${student.email}.` },
    { status: 303 },
  );
}

export default function ConnectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { member, student, messagesLeft } = loaderData;
  return (
    <Page title={`Write to ${member.name}`}>
      <div className="grid max-w-2xl gap-6">
        <Card className="p-5">
          <MemberHeading photoUrl={member.photoUrl} name={member.name} detail={`${member.profession}, ${member.company}`} size="lg" />
          <p className="mt-3 text-sm text-slate-700">{member.place}</p>
        </Card>
        <p className="text-slate-700">
          Introduce yourself and ask one clear question: what you study, where you hope to go and what you would like to know. {member.name}{" "}
          receives it by e-mail and replies to <strong className="[overflow-wrap:anywhere]">{student.email}</strong>; your address is shared
          only with them, and theirs stays private until they answer.
        </p>
        {student.emailVerified ? (
          messagesLeft > 0 ? (
            <ConnectForm lastResult={actionData?.result} messagesLeft={messagesLeft} />
          ) : (
            <FormMessage tone="info">{CONNECT_LIMIT} You have reached today's limit; you can write again tomorrow.</FormMessage>
          )
        ) : (
          <FormMessage tone="info">
            Confirm your e-mail address first, so {member.name}'s reply can reach you.{" "}
            <Link to="/dashboard/profile" className="font-semibold underline">
              Send a new confirmation link from your profile
            </Link>
            .
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
        label="Your message"
        field={fields.message}
        rows={7}
        required
        maxLength={CONNECT_MESSAGE_MAX_LENGTH}
        hint={`Up to ${CONNECT_MESSAGE_MAX_LENGTH.toLocaleString("en")} characters. You can write to ${plural(messagesLeft, "more member", "more members")} today (${CONNECT_DAILY_LIMIT} a day).`}
      />
      <div className="flex flex-wrap gap-3">
        <Button size="lg" pending={submitting}>
          {submitting ? "Sending…" : "Send message"}
        </Button>
        <LinkButton href="/networking" variant="outline" size="lg">
          Back to the directory
        </LinkButton>
      </div>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Write to ${loaderData.member.name}` : "Connect"} — Onward` },
  { name: "robots", content: "noindex" },
];
