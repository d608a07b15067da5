import { Form } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { listContactMessages } from "~/.server/contact/list-contact-messages";
import { markContactMessageHandled } from "~/.server/contact/mark-contact-message-handled";
import { replyWithError } from "~/.server/errors";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { listHref, readQuery } from "~/.server/read-query";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { TextLink } from "~/components/ui/text-link";
import { pageRoles } from "~/lib/dashboard-menu";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { MarkHandledSchema } from "~/lib/schemas/inbox";
import { pageMeta } from "~/lib/seo";
import { formatDhakaDateTime } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/messages";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, pageRoles.messages);
  return listContactMessages({ page: parsePage(readQuery(request).get("page")) });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, pageRoles.messages);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  try {
    const { id } = parseButtons(formData, MarkHandledSchema);
    await markContactMessageHandled({ id, actor: user });
  } catch (error) {
    throw replyWithError(error);
  }
  return redirectWithToast(listHref(request), {
    type: "success",
    text: m.staff_message_handled(),
  });
}

const kindLabel = { contact: m.staff_kind_contact, ielts_enrolment: m.staff_kind_ielts } as const;

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const { items: messages, page, pageCount, total } = loaderData;
  return (
    <Page title={m.staff_messages_title()} intro={m.staff_messages_intro({ count: total, countText: groupThousands(total) })}>
      {messages.length === 0 ? (
        <p className="text-slate-700">{m.staff_no_messages()}</p>
      ) : (
        <ul className="grid gap-4" aria-label={m.staff_messages_title()}>
          {messages.map((message) => (
            <li key={message.id} className="rounded-lg border border-slate-200 p-5" data-testid="inbox-message">
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    message.kind === "contact" ? "bg-brand-100 text-brand-900" : "bg-amber-100 text-amber-900"
                  }`}
                >
                  {kindLabel[message.kind]()}
                </span>
                <time className="text-sm text-slate-600" dateTime={new Date(message.createdAt).toISOString()}>
                  {formatDhakaDateTime(message.createdAt)}
                </time>
                {message.handledAt ? (
                  <span className="text-sm font-semibold text-emerald-800">
                    {message.handledByName
                      ? m.staff_handled_at_by({ when: formatDhakaDateTime(message.handledAt), name: message.handledByName })
                      : m.staff_handled_at({ when: formatDhakaDateTime(message.handledAt) })}
                  </span>
                ) : null}
              </div>
              <h2 className="mt-2 text-lg font-semibold text-slate-900">{message.name}</h2>
              <p className="text-sm text-slate-700">
                <TextLink href={`mailto:${message.email}`} weight="normal">
                  {message.email}
                </TextLink>{" "}
                ·{" "}
                <TextLink href={`tel:${message.phone.replace(/[^\d+]/g, "")}`} weight="normal">
                  {message.phone}
                </TextLink>
              </p>
              {/* Shown as text: React escapes it, so HTML in a message is never interpreted. */}
              <p className="mt-3 whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
              {message.handledAt ? null : (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={message.id} />
                  <Button variant="secondary" size="sm">
                    {m.staff_mark_handled()}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/dashboard/messages",
    title: m.staff_messages_title(),
    description: m.staff_messages_description(),
    noIndex: true,
  });
