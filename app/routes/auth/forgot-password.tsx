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
import type { emailOnlySchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
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
    <AuthCard title="Reset your password" footer={<TextLink href="/login">Back to log in</TextLink>}>
      {sent ? (
        <FormMessage tone="success">
          If an account exists for that e-mail, we have sent it a link to choose a new password. The link works once, for 30 minutes.
        </FormMessage>
      ) : (
        <p className="text-slate-700">Enter your account's e-mail and we will send you a link to choose a new password.</p>
      )}
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} className="grid gap-4">
        <Field label="Email" field={fields.email} type="email" autoComplete="email" required />
        <Button pending={navigation.state === "submitting"}>Send reset link</Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reset your password — Onward" }];
