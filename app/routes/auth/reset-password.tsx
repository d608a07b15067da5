import { Form, Link, useNavigation } from "react-router";
import { resetPassword } from "~/.server/auth/accounts";
import { resetPasswordSchema } from "~/.server/auth/schemas";
import { formFailure } from "~/.server/errors";
import { invalidForm, parseForm } from "~/.server/forms";
import { redirectWithToast } from "~/.server/toast";
import { AuthCard } from "~/components/layout/auth-card";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import type { Route } from "./+types/reset-password";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // better-auth's link endpoint sends people here with ?token=…, or ?error=INVALID_TOKEN.
  return { token: url.searchParams.get("token"), invalid: url.searchParams.has("error") || !url.searchParams.get("token") };
}

export async function action({ request }: Route.ActionArgs) {
  const form = parseForm(await request.formData(), resetPasswordSchema);
  if (!form.ok) return invalidForm(form.errors, form.values);
  try {
    await resetPassword({ token: form.data.token, password: form.data.password });
  } catch (error) {
    return formFailure(error, form.values);
  }
  return redirectWithToast("/login", { type: "success", text: "Your password has been changed. Log in with the new one." });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.invalid) {
    return (
      <AuthCard title="This link does not work">
        <p className="text-slate-700">The password reset link has expired or was already used.</p>
        <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
          Send me a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      {actionData?.formError ? (
        <FormMessage>
          {actionData.formError}{" "}
          <Link to="/forgot-password" className="font-semibold underline">
            Send me a new link
          </Link>
        </FormMessage>
      ) : null}
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="token" value={loaderData.token ?? ""} />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          error={actionData?.errors?.password}
        />
        <Field
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={actionData?.errors?.confirmPassword}
        />
        <SubmitButton pending={navigation.state === "submitting"}>Save new password</SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password — Onward" }];
