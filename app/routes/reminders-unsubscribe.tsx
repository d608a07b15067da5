import { data, Form, useNavigation } from "react-router";
import { replyWithError } from "~/.server/errors";
import { UNSUBSCRIBE_LINK_INVALID, unsubscribeTokenValid, unsubscribeWithToken } from "~/.server/plan/reminder-settings";
import { readForm } from "~/.server/read-form";
import { readQuery } from "~/.server/read-query";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { TextLink } from "~/components/ui/text-link";
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
  if (!unsubscribeTokenValid(token)) return data({ token: "", error: UNSUBSCRIBE_LINK_INVALID }, { status: 400 });
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
    return replyWithError(error, (refusal) => ({ done: false, error: refusal.message }));
  }
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.done) {
    return (
      <AuthCard title="Deadline reminders are off">
        <FormMessage tone="success">You will get no more e-mails about your shortlist's deadlines.</FormMessage>
        <p className="text-slate-700">
          Changed your mind? Turn them back on in <TextLink href="/dashboard/profile#plan">your profile</TextLink>.
        </p>
      </AuthCard>
    );
  }
  const error = actionData?.error ?? loaderData.error;
  if (error) {
    return (
      <AuthCard title="This link does not work">
        <FormMessage>{error}</FormMessage>
        <TextLink href="/dashboard/profile#plan">Go to your profile</TextLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Stop deadline reminders?">
      <p className="text-slate-700">
        We e-mail you 30 days and 7 days before each application deadline on your shortlist. Stop these e-mails for your account?
      </p>
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button disabled={navigation.state === "submitting"}>Stop deadline reminders</Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Deadline reminders — Onward" }, { name: "robots", content: "noindex" }];
