import { data, Form, useNavigation } from "react-router";
import { replyWithError } from "~/.server/errors";
import { UNSUBSCRIBE_LINK_INVALID, unsubscribeTokenValid, unsubscribeWithToken } from "~/.server/plan/reminder-settings";
import { readForm } from "~/.server/read-form";
import { readQuery } from "~/.server/read-query";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { TextLink } from "~/components/ui/text-link";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/reminders-unsubscribe";

export { headers } from "~/lib/headers";

/**
 * Where a deadline reminder's "stop" link lands (/reminders/unsubscribe?token=…), signed in or
 * not. Opening the link only asks (mail scanners open links); the button posts the token, which
 * turns off the reminders of the person it was signed for and nobody else's. A mail program's
 * one-click unsubscribe (RFC 8058) posts to the same address, the token in the query.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = readQuery(request).get("token") ?? "";
  if (!unsubscribeTokenValid(token)) return data({ token: "", error: m.community_unsubscribe_link_invalid() }, { status: 400 });
  return { token, error: null };
}

export async function action({ request }: Route.ActionArgs) {
  let token = readQuery(request).get("token") ?? "";
  try {
    const form = await readForm(request);
    const posted = form.get("token");
    if (typeof posted === "string" && posted) token = posted;
    await unsubscribeWithToken(token);
    return { done: true, error: null };
  } catch (error) {
    return replyWithError(error, (refusal) => ({
      done: false,
      // The refusal is written in English on the server; the page says it in its own language.
      error: refusal.message === UNSUBSCRIBE_LINK_INVALID ? m.community_unsubscribe_link_invalid() : refusal.message,
    }));
  }
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.done) {
    return (
      <AuthCard title={m.community_unsubscribe_done_title()}>
        <FormMessage tone="success">{m.community_unsubscribe_done()}</FormMessage>
        <p className="text-slate-700">
          {m.community_unsubscribe_changed_mind()}{" "}
          <TextLink href={localizedPath("/dashboard/profile#plan")}>{m.community_unsubscribe_your_profile()}</TextLink>
          {m.community_full_stop()}
        </p>
      </AuthCard>
    );
  }
  const error = actionData?.error ?? loaderData.error;
  if (error) {
    return (
      <AuthCard title={m.community_unsubscribe_invalid_title()}>
        <FormMessage>{error}</FormMessage>
        <TextLink href={localizedPath("/dashboard/profile#plan")}>{m.community_unsubscribe_go_to_profile()}</TextLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={m.community_unsubscribe_title()}>
      <p className="text-slate-700">{m.community_unsubscribe_explain({ first: groupThousands(30), second: groupThousands(7) })}</p>
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button disabled={navigation.state === "submitting"}>{m.community_unsubscribe_button()}</Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.community_unsubscribe_meta_title() }, { name: "robots", content: "noindex" }];
