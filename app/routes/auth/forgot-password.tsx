import { Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "~/.server/auth/accounts";
import { emailOnlySchema } from "~/.server/auth/schemas";
import { formFailure } from "~/.server/errors";
import { type FormErrors, invalidForm, parseForm } from "~/.server/forms";
import { AuthCard } from "~/components/layout/auth-card";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  const form = parseForm(await request.formData(), emailOnlySchema);
  if (!form.ok) return invalidForm(form.errors, form.values);
  try {
    await requestPasswordReset({ email: form.data.email, ip: context.clientIp });
  } catch (error) {
    return formFailure(error, form.values);
  }
  return { errors: {} as FormErrors, values: form.values, formError: null, sent: true };
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sent = actionData && "sent" in actionData;
  return (
    <AuthCard
      title="Reset your password"
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Back to log in
        </Link>
      }
    >
      {sent ? (
        <FormMessage tone="success">
          If an account exists for that e-mail, we have sent it a link to choose a new password. The link works once, for 30 minutes.
        </FormMessage>
      ) : (
        <p className="text-slate-700">Enter your account's e-mail and we will send you a link to choose a new password.</p>
      )}
      {actionData?.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      <Form method="post" className="grid gap-4">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values?.email}
          error={actionData?.errors?.email}
        />
        <SubmitButton pending={navigation.state === "submitting"}>Send reset link</SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reset your password — Onward" }];
