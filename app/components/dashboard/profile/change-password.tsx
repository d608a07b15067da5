import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import type { changePasswordSchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";

/** The change-password form (it signs out the person's other devices). */
export function ChangePasswordSection({ lastResult, pending }: { lastResult: SubmissionResult<string[]> | undefined; pending: boolean }) {
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof changePasswordSchema>>("changePassword", lastResult, {
    id: "change-password",
  });
  return (
    <section aria-labelledby="password" className="rounded-lg border border-slate-200 p-6">
      <h2 id="password" className="text-xl font-semibold">
        {m.dashboard_password_title()}
      </h2>
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} noValidate className="mt-4 grid max-w-md gap-4">
        <input type="hidden" name="intent" value="change-password" />
        <PasswordField label={m.dashboard_password_current()} field={fields.currentPassword} purpose="current" />
        <PasswordField label={m.auth_new_password_label()} field={fields.newPassword} purpose="new" />
        <Field
          label={m.auth_confirm_new_password_label()}
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
          required
        />
        <Button pending={pending}>{m.dashboard_password_title()}</Button>
      </Form>
    </section>
  );
}
