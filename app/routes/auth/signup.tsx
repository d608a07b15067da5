import { getFormProps } from "@conform-to/react";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";
import { signUp } from "~/.server/auth/accounts";
import { safeRedirect, signUpSchema as serverSignUpSchema } from "~/.server/auth/schemas";
import { getSessionUser } from "~/.server/auth/session";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import { TextLink } from "~/components/ui/text-link";
import { localizedPath, unlocalizedPath } from "~/lib/locale";
import type { ServerRouteHandle } from "~/lib/route-handle";
import type { signUpSchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/signup";

export { headers } from "~/lib/headers";

/** A body over the size limit is refused by the server and still counts as a submission. */
export const handle: ServerRouteHandle = { refusedBodyLimit: "signUpPerIp" };

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const submission = parseSubmission(formData, serverSignUpSchema);
  if (submission.status !== "success") return invalidSubmission(submission, serverSignUpSchema);
  try {
    // A new address and a taken one get the same answer (ADR 013): nobody is signed in yet.
    await signUp({
      ...submission.value,
      // Where the confirmation link leads, with the page's language (better-auth keeps it as the link's callback).
      redirectTo: localizedPath(unlocalizedPath(safeRedirect(formData.get("redirectTo")))),
      ip: context.clientIp,
      headers: request.headers,
    });
  } catch (error) {
    return refusedSubmission(submission, serverSignUpSchema, error);
  }
  return redirect("/signup/check-email", 303);
}

export default function SignupPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof signUpSchema>>("signUp", actionData?.result);
  return (
    <AuthCard
      title={m.auth_signup_title()}
      footer={
        <>
          {m.auth_signup_have_account()}{" "}
          <TextLink href={localizedPath(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login")}>
            {m.auth_log_in_link()}
          </TextLink>
        </>
      }
    >
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={m.auth_name_label()} field={fields.name} autoComplete="name" required maxLength={100} />
        <Field label={m.auth_email_label()} field={fields.email} type="email" autoComplete="email" required />
        <PasswordField label={m.auth_password_label()} field={fields.password} purpose="new" hint={m.auth_new_password_hint()} />
        <Field
          label={m.auth_confirm_password_label()}
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
          required
        />
        <Button pending={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? m.auth_creating_account() : m.auth_sign_up_button()}
        </Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: m.auth_signup_meta_title() },
  { name: "description", content: m.auth_signup_meta_description() },
];
