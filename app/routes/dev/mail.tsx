import { data } from "react-router";
import { getConfig } from "~/.server/config";
import { listDevMail } from "~/.server/mail/dev-mailbox";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/mail";

/** Mail that would have been sent, for developers running without SMTP_URL. Never in production. */
export async function loader() {
  if (getConfig().env !== "development") throw data("Not found", { status: 404 });
  return { messages: await listDevMail() };
}

export default function DevMailPage({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="Development mailbox" intro="Messages written to DATA_DIR/mail because SMTP_URL is not set, newest first.">
      {loaderData.messages.length === 0 ? <p>No messages yet.</p> : null}
      <ul className="grid gap-4">
        {loaderData.messages.map((message) => (
          <li key={message.name}>
            <details className="rounded-md border border-slate-200 p-3">
              <summary className="font-mono text-sm">{message.name}</summary>
              <pre className="mt-2 overflow-auto whitespace-pre-wrap text-xs">{message.content}</pre>
            </details>
          </li>
        ))}
      </ul>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Development mailbox — Onward" }, { name: "robots", content: "noindex" }];
