import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { confirmEmail, resendVerification } from "~/.server/auth/accounts";
import { safeRedirect, emailOnlySchema as serverEmailOnlySchema } from "~/.server/auth/schemas";
import { getSessionUser } from "~/.server/auth/session";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { readQuery } from "~/.server/read-query";
import { setCookieHeaders } from "~/.server/set-cookies";
import { formResult, invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { TextLink } from "~/components/ui/text-link";
import { localizedPath, unlocalizedPath } from "~/lib/locale";
import type { emailOnlySchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/verify-email";

export { headers } from "~/lib/headers";

/**
 * Where the confirmation link lands (/verify-email?token=…): a good token confirms the address,
 * signs the person in and sends them on with "Account created successfully". Without a token,
 * or with one used before, the page says where things stand; better-auth's own endpoint adds
 * ?error=… when an older link was bad.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request);
  const token = query.get("token");
  let error = query.get("error");
  let confirmed = false;
  if (token) {
    const outcome = await confirmEmail({ token, headers: request.headers });
    if (outcome.status === "signed-in") {
      throw await redirectWithToast(
        // redirect() adds this page's language prefix; the stored target may hold one already.
        unlocalizedPath(safeRedirect(query.get("redirectTo"))),
        { type: "success", text: m.auth_account_created() },
        { headers: setCookieHeaders(outcome.cookies) },
      );
    }
    if (outcome.status === "invalid") error = outcome.code;
    confirmed = outcome.status === "already-confirmed";
  }
  const user = await getSessionUser(request);
  return { error, verified: confirmed || Boolean(user?.emailVerified), email: user?.email ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await readForm(request).catch(refuseUnreadableForm), serverEmailOnlySchema);
  if (submission.status !== "success") return invalidSubmission(submission, serverEmailOnlySchema, { sent: false });
  try {
    await resendVerification({ email: submission.value.email, ip: context.clientIp, headers: request.headers });
  } catch (error) {
    return refusedSubmission(submission, serverEmailOnlySchema, error, { extra: { sent: false } });
  }
  return { result: formResult(submission, serverEmailOnlySchema), sent: true };
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof emailOnlySchema>>("emailOnly", actionData?.result, {
    defaultValue: { email: loaderData.email },
  });
  if (!loaderData.error && actionData === undefined) {
    return (
      <AuthCard title={loaderData.verified ? m.auth_email_confirmed_title() : m.auth_confirm_email_title()}>
        <p className="text-slate-700">{loaderData.verified ? m.auth_email_confirmed_text() : m.auth_confirm_email_text()}</p>
        <TextLink href={localizedPath(loaderData.verified ? "/dashboard/profile" : "/")}>
          {loaderData.verified ? m.auth_go_to_profile() : m.auth_go_home()}
        </TextLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={m.auth_link_not_working()}>
      {actionData?.sent ? (
        <FormMessage tone="success">{m.auth_verify_resent()}</FormMessage>
      ) : (
        <p className="text-slate-700">{m.auth_verify_link_expired()}</p>
      )}
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} className="grid gap-4">
        <Field label={m.auth_email_label()} field={fields.email} type="email" autoComplete="email" required />
        <Button pending={navigation.state === "submitting"}>{m.auth_send_a_new_link()}</Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.auth_verify_meta_title() }];
