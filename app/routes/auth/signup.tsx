import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { signUp } from "~/.server/auth/accounts";
import { safeRedirect, signUpSchema } from "~/.server/auth/schemas";
import { getSessionUser } from "~/.server/auth/session";
import { AppError, formFailure } from "~/.server/errors";
import { invalidForm, parseForm } from "~/.server/forms";
import { setCookieHeaders } from "~/.server/set-cookies";
import { redirectWithToast } from "~/.server/toast";
import { AuthCard } from "~/components/layout/auth-card";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import type { Route } from "./+types/signup";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const form = parseForm(formData, signUpSchema);
  if (!form.ok) return invalidForm(form.errors, form.values);
  try {
    const { cookies } = await signUp({ ...form.data, ip: context.clientIp, headers: request.headers });
    const headers = setCookieHeaders(cookies);
    return redirectWithToast(
      safeRedirect(formData.get("redirectTo")),
      { type: "success", text: "Account created successfully" },
      { headers },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") {
      return data({ errors: {}, values: form.values, formError: error.message, emailTaken: true }, { status: 409 });
    }
    return formFailure(error, form.values);
  }
}

export default function SignupPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const taken = Boolean(actionData && "emailTaken" in actionData);
  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have an account?{" "}
          <Link
            to={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"}
            className="font-semibold text-brand-700 underline"
          >
            Log in
          </Link>
        </>
      }
    >
      {actionData?.formError ? (
        <FormMessage>
          {actionData.formError}
          {taken ? (
            <span className="mt-2 flex gap-4">
              <Link to="/login" className="font-semibold underline">
                Log in
              </Link>
              <Link to="/forgot-password" className="font-semibold underline">
                Reset password
              </Link>
            </span>
          ) : null}
        </FormMessage>
      ) : null}
      <Form method="post" className="grid gap-4" onSubmit={checkPasswordsMatch}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Name" name="name" autoComplete="name" required maxLength={100} defaultValue={values.name} error={errors.name} />
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={values.email} error={errors.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          hint="At least 8 characters. A few random words make a strong password."
          error={errors.password}
        />
        <Field
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <p data-password-mismatch hidden role="alert" className="text-sm font-medium text-red-700">
          Password did not match
        </p>
        <SubmitButton pending={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Creating account…" : "Sign Up"}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

/** With JavaScript, a mismatch is caught before anything is sent. */
function checkPasswordsMatch(event: React.FormEvent<HTMLFormElement>) {
  const form = event.currentTarget;
  const password = (form.elements.namedItem("password") as HTMLInputElement).value;
  const confirm = (form.elements.namedItem("confirmPassword") as HTMLInputElement).value;
  const message = form.querySelector<HTMLElement>("[data-password-mismatch]");
  if (message) message.hidden = password === confirm;
  if (password !== confirm) event.preventDefault();
}

export const meta: Route.MetaFunction = () => [
  { title: "Sign up — Onward" },
  { name: "description", content: "Create your Onward account to apply, book a consultant and meet students abroad." },
];
