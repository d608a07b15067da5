import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { requestMagicLink, signIn, startGoogleSignIn } from "~/.server/auth/accounts";
import { emailOnlySchema, safeRedirect, signInSchema } from "~/.server/auth/schemas";
import { getSessionUser } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import { formFailure } from "~/.server/errors";
import { type FormErrors, invalidForm, parseForm } from "~/.server/forms";
import { setCookieHeaders } from "~/.server/set-cookies";
import { AuthCard } from "~/components/layout/auth-card";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import type { Route } from "./+types/login";

/** What the links and the Google flow send people back with. */
const linkErrors: Record<string, string> = {
  link: "That sign-in link has expired or was already used. Ask for a new one below.",
  INVALID_TOKEN: "That sign-in link has expired or was already used. Ask for a new one below.",
  EXPIRED_TOKEN: "That sign-in link has expired. Ask for a new one below.",
  new_user_signup_disabled: "There is no account for that e-mail. Sign up first.",
  account_not_linked:
    "An Onward account with this e-mail exists but is not verified yet. Sign in with your password (or reset it), verify your e-mail, then Google sign-in will work.",
  email_not_verified: "Google has not verified this e-mail address, so we cannot sign you in with it.",
  state_mismatch: "The Google sign-in took too long or was started in another tab. Please try again.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await getSessionUser(request)) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  const error = url.searchParams.get("error");
  return {
    googleEnabled: Boolean(getConfig().google),
    linkError: error ? (linkErrors[error] ?? "Sign-in did not work. Please try again.") : null,
  };
}

const intentSchema = z.enum(["password", "magic-link", "google"]);

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const intent = intentSchema.catch("password").parse(formData.get("intent"));

  if (intent === "google") {
    try {
      const { url, cookies } = await startGoogleSignIn({ redirectTo, headers: request.headers });
      return redirect(url, { headers: setCookieHeaders(cookies) });
    } catch (error) {
      return formFailure(error, {} as Record<string, string>);
    }
  }

  if (intent === "magic-link") {
    const form = parseForm(formData, emailOnlySchema);
    if (!form.ok) return invalidForm(form.errors, form.values);
    try {
      await requestMagicLink({ email: form.data.email, ip: context.clientIp, redirectTo, headers: request.headers });
    } catch (error) {
      return formFailure(error, form.values);
    }
    return {
      errors: {} as FormErrors,
      values: form.values,
      formError: null,
      sent: "If an account exists for that e-mail, we have sent it a sign-in link. It works for 15 minutes.",
    };
  }

  const form = parseForm(formData, signInSchema);
  if (!form.ok) return invalidForm(form.errors, form.values);
  try {
    const { cookies, twoFactorRequired } = await signIn({ ...form.data, ip: context.clientIp, headers: request.headers });
    const headers = setCookieHeaders(cookies);
    if (twoFactorRequired) return redirect(`/login/two-factor?${new URLSearchParams({ redirectTo })}`, { headers });
    return redirect(redirectTo, { headers });
  } catch (error) {
    return formFailure(error, form.values);
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <AuthCard
      title="Log in"
      footer={
        <>
          New to Onward?{" "}
          <Link
            to={redirectTo ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}` : "/signup"}
            className="font-semibold text-brand-700 underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      {loaderData.linkError ? <FormMessage>{loaderData.linkError}</FormMessage> : null}
      {actionData?.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      {sent ? <FormMessage tone="success">{sent}</FormMessage> : null}
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="intent" value="password" />
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={values.email} error={errors.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <div className="flex items-center justify-between gap-4">
          <SubmitButton pending={submittingIntent === "password"}>
            {submittingIntent === "password" ? "Logging in…" : "Log in"}
          </SubmitButton>
          <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 underline">
            Forgot password?
          </Link>
        </div>
      </Form>

      {loaderData.googleEnabled ? (
        <Form method="post" className="border-t border-slate-200 pt-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="intent" value="google" />
          <button
            type="submit"
            className="w-full rounded-md border border-slate-400 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Continue with Google
          </button>
        </Form>
      ) : null}

      <details className="border-t border-slate-200 pt-4">
        <summary className="text-sm font-semibold text-brand-700">Email me a sign-in link</summary>
        <Form method="post" className="mt-3 grid gap-3">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="intent" value="magic-link" />
          <Field
            label="Email for the link"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={sent ? undefined : errors.email}
          />
          <SubmitButton pending={submittingIntent === "magic-link"} className="bg-slate-700 hover:bg-slate-800">
            Send me a link
          </SubmitButton>
        </Form>
      </details>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Log in — Onward" },
  { name: "description", content: "Log in to Onward to apply, book a consultant and follow your application." },
];
