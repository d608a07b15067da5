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
import type { emailOnlySchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
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
        safeRedirect(query.get("redirectTo")),
        { type: "success", text: "Account created successfully" },
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
      <AuthCard title={loaderData.verified ? "Your e-mail is confirmed" : "Confirm your e-mail"}>
        <p className="text-slate-700">
          {loaderData.verified ? "Thank you. Your e-mail address is confirmed." : "Open the link we e-mailed you to confirm your address."}
        </p>
        <TextLink href={loaderData.verified ? "/dashboard/profile" : "/"}>
          {loaderData.verified ? "Go to your profile" : "Go to the home page"}
        </TextLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="This link does not work">
      {actionData?.sent ? (
        <FormMessage tone="success">If that e-mail has an unconfirmed account, we have sent it a new link.</FormMessage>
      ) : (
        <p className="text-slate-700">The confirmation link has expired or is not valid. We can send you a new one.</p>
      )}
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} className="grid gap-4">
        <Field label="Email" field={fields.email} type="email" autoComplete="email" required />
        <Button pending={navigation.state === "submitting"}>Send a new link</Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Confirm your e-mail — Onward" }];
