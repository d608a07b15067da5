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
import { parsePage } from "~/lib/pagination";
import { plural } from "~/lib/plural";
import { MarkHandledSchema } from "~/lib/schemas/inbox";
import { pageMeta } from "~/lib/seo";
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
    text: "Message marked as handled",
  });
}

const kindLabel = { contact: "Contact message", ielts_enrolment: "IELTS enrollment" } as const;

// Staff are in Dhaka: times are shown there, the same on the server and in the browser.
const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dhaka" });

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const { items: messages, page, pageCount, total } = loaderData;
  return (
    <Page title="Messages" intro={`${plural(total, "contact message", "contact messages")} and enrollment requests, newest first.`}>
      {messages.length === 0 ? (
        <p className="text-slate-700">No messages yet.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id} className="rounded-lg border border-slate-200 p-5" data-testid="inbox-message">
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    message.kind === "contact" ? "bg-brand-100 text-brand-900" : "bg-amber-100 text-amber-900"
                  }`}
                >
                  {kindLabel[message.kind]}
                </span>
                <time className="text-sm text-slate-600" dateTime={new Date(message.createdAt).toISOString()}>
                  {dateFormat.format(new Date(message.createdAt))}
                </time>
                {message.handledAt ? (
                  <span className="text-sm font-semibold text-emerald-800">
                    Handled {dateFormat.format(new Date(message.handledAt))}
                    {message.handledByName ? ` by ${message.handledByName}` : ""}
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
                    Mark as handled
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
    title: "Messages",
    description: "Contact messages and IELTS enrollment requests for staff.",
    noIndex: true,
  });
