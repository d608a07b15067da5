import { Form, useNavigation } from "react-router";
import type { ApplicationMessageView } from "~/lib/applications";
import { MESSAGE_MAX_LENGTH } from "~/lib/schemas/applications";
import { formatDhakaDateTime } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FormMessage, TextAreaField } from "../ui/field";
import { Pager } from "../ui/pager";
import { type IntentReply, problemsOf, typedValue } from "./form-reply";
import { LinkedText } from "./linked-text";

/**
 * An application's thread between its student and the staff, oldest first, with the form to
 * write the next message (`intent=message`, `body`). `viewer` decides whose messages are "yours".
 * `closed` explains why no more can be written (a withdrawn application).
 */
export function MessageThread({
  thread,
  viewer,
  reply,
  closed,
}: {
  /** One page of the thread (app/lib/applications.ts threadPage). */
  thread: { items: ApplicationMessageView[]; page: number; pageCount: number };
  viewer: "staff" | "student";
  reply: IntentReply | undefined;
  closed?: string | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "message";
  const { problem, fields } = problemsOf(reply, "message");
  const messages = thread.items;
  return (
    <section aria-labelledby="messages-heading" id="messages" className="scroll-mt-20">
      <h2 id="messages-heading" className="mb-3 text-xl font-semibold text-slate-900">
        {m.apply_thread_title()}
      </h2>
      <Card className="grid gap-4 p-4 sm:p-6">
        {thread.pageCount > 1 ? <Pager page={thread.page} pageCount={thread.pageCount} /> : null}
        {messages.length === 0 ? (
          <p className="text-slate-700">{viewer === "student" ? m.apply_thread_empty_student() : m.apply_thread_empty()}</p>
        ) : (
          <ol className="grid gap-3" aria-label={m.apply_thread_label()}>
            {messages.map((message) => {
              const own = message.fromStaff === (viewer === "staff");
              return (
                <li
                  key={message.id}
                  className={`max-w-[90%] rounded-lg p-3 ${own ? "justify-self-end bg-brand-50" : "justify-self-start border border-slate-200 bg-white"}`}
                >
                  <p className="text-sm font-semibold text-slate-900">
                    {message.authorName}
                    {message.fromStaff ? <span className="font-normal text-slate-600"> · {m.apply_thread_team()}</span> : null}
                  </p>
                  <p className="mt-1 break-words whitespace-pre-line text-slate-900">
                    <LinkedText text={message.body} />
                  </p>
                  <p className="mt-1 text-xs text-slate-600">
                    <time dateTime={message.at}>{formatDhakaDateTime(message.at)}</time>
                  </p>
                </li>
              );
            })}
          </ol>
        )}
        {closed ? (
          <p className="text-sm text-slate-700">{closed}</p>
        ) : (
          // A new key once the message is in the thread: the box empties for the next one.
          <Form key={messages.length} method="post" preventScrollReset className="grid gap-3">
            <input type="hidden" name="intent" value="message" />
            {problem && !fields.body ? <FormMessage>{problem}</FormMessage> : null}
            <TextAreaField
              label={viewer === "student" ? m.apply_thread_write_team() : m.apply_thread_write_student()}
              name="body"
              rows={3}
              required
              maxLength={MESSAGE_MAX_LENGTH}
              error={fields.body}
              defaultValue={typedValue(reply, "message", "body")}
              hint={m.apply_thread_hint()}
            />
            <Button size="sm" className="justify-self-start" pending={sending}>
              {m.apply_thread_send()}
            </Button>
          </Form>
        )}
      </Card>
    </section>
  );
}
