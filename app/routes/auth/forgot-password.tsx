import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { requestPasswordReset } from "~/.server/auth/accounts";
import { emailOnlySchema as serverEmailOnlySchema } from "~/.server/auth/schemas";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { formResult, invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { TextLink } from "~/components/ui/text-link";
import { localizedPath } from "~/lib/locale";
import type { emailOnlySchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/forgot-password";

export { headers } from "~/lib/headers";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await readForm(request).catch(refuseUnreadableForm), serverEmailOnlySchema);
  if (submission.status !== "success") return invalidSubmission(submission, serverEmailOnlySchema, { sent: false });
  try {
    await requestPasswordReset({ email: submission.value.email, ip: context.clientIp });
  } catch (error) {
    return refusedSubmission(submission, serverEmailOnlySchema, error, { extra: { sent: false } });
  }
  return { result: formResult(submission, serverEmailOnlySchema), sent: true };
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sent = Boolean(actionData?.sent);
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof emailOnlySchema>>("emailOnly", actionData?.result);
  return (
    <AuthCard title={m.auth_forgot_title()} footer={<TextLink href={localizedPath("/login")}>{m.auth_back_to_login()}</TextLink>}>
      {sent ? <FormMessage tone="success">{m.auth_forgot_sent()}</FormMessage> : <p className="text-slate-700">{m.auth_forgot_intro()}</p>}
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} className="grid gap-4">
        <Field label={m.auth_email_label()} field={fields.email} type="email" autoComplete="email" required />
        <Button pending={navigation.state === "submitting"}>{m.auth_send_reset_link()}</Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.auth_forgot_meta_title() }];
