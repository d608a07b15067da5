import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { resetPassword } from "~/.server/auth/accounts";
import { resetPasswordSchema as serverResetPasswordSchema } from "~/.server/auth/schemas";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { readQuery } from "~/.server/read-query";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import { TextLink } from "~/components/ui/text-link";
import { localizedPath } from "~/lib/locale";
import type { resetPasswordSchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/reset-password";

export { headers } from "~/lib/headers";

export function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request);
  // better-auth's link endpoint sends people here with ?token=…, or ?error=INVALID_TOKEN.
  return { token: query.get("token"), invalid: query.has("error") || !query.get("token") };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseSubmission(await readForm(request).catch(refuseUnreadableForm), serverResetPasswordSchema);
  if (submission.status !== "success") return invalidSubmission(submission, serverResetPasswordSchema);
  try {
    await resetPassword({ token: submission.value.token, password: submission.value.password });
  } catch (error) {
    return refusedSubmission(submission, serverResetPasswordSchema, error);
  }
  return redirectWithToast("/login", { type: "success", text: m.auth_password_changed() });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof resetPasswordSchema>>("resetPassword", actionData?.result);
  if (loaderData.invalid) {
    return (
      <AuthCard title={m.auth_link_not_working()}>
        <p className="text-slate-700">{m.auth_reset_link_expired()}</p>
        <TextLink href={localizedPath("/forgot-password")}>{m.auth_send_me_new_link()}</TextLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={m.auth_reset_title()}>
      {form.errors?.[0] ? (
        <FormMessage>
          {form.errors[0]}{" "}
          <a href={localizedPath("/forgot-password")} className="font-semibold underline">
            {m.auth_send_me_new_link()}
          </a>
        </FormMessage>
      ) : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} className="grid gap-4">
        <input type="hidden" name="token" value={loaderData.token ?? ""} />
        <PasswordField label={m.auth_new_password_label()} field={fields.password} purpose="new" />
        <Field
          label={m.auth_confirm_new_password_label()}
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
          required
        />
        <Button pending={navigation.state === "submitting"}>{m.auth_save_new_password()}</Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.auth_reset_meta_title() }];
