import { Form, Link, useNavigation } from "react-router";
import { resendVerification } from "~/.server/auth/accounts";
import { emailOnlySchema } from "~/.server/auth/schemas";
import { getSessionUser } from "~/.server/auth/session";
import { formFailure } from "~/.server/errors";
import { type FormErrors, invalidForm, parseForm } from "~/.server/forms";
import { AuthCard } from "~/components/layout/auth-card";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import type { Route } from "./+types/verify-email";

/** Where the verification link lands: better-auth adds ?error=… when the link was bad. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  return { error: url.searchParams.get("error"), verified: Boolean(user?.emailVerified), email: user?.email ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = parseForm(await request.formData(), emailOnlySchema);
  if (!form.ok) return invalidForm(form.errors, form.values);
  try {
    await resendVerification({ email: form.data.email, ip: context.clientIp, headers: request.headers });
  } catch (error) {
    return formFailure(error, form.values);
  }
  return { errors: {} as FormErrors, values: form.values, formError: null, sent: true };
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.error && actionData === undefined) {
    return (
      <AuthCard title={loaderData.verified ? "Your e-mail is confirmed" : "Confirm your e-mail"}>
        <p className="text-slate-700">
          {loaderData.verified ? "Thank you. Your e-mail address is confirmed." : "Open the link we e-mailed you to confirm your address."}
        </p>
        <Link to={loaderData.verified ? "/dashboard/profile" : "/"} className="font-semibold text-brand-700 underline">
          {loaderData.verified ? "Go to your profile" : "Go to the home page"}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="This link does not work">
      {actionData && "sent" in actionData ? (
        <FormMessage tone="success">If that e-mail has an unconfirmed account, we have sent it a new link.</FormMessage>
      ) : (
        <p className="text-slate-700">The confirmation link has expired or is not valid. We can send you a new one.</p>
      )}
      {actionData?.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      <Form method="post" className="grid gap-4">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values?.email ?? loaderData.email}
          error={actionData?.errors?.email}
        />
        <SubmitButton pending={navigation.state === "submitting"}>Send a new link</SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Confirm your e-mail — Onward" }];
