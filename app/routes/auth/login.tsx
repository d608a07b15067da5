import { getFormProps } from "@conform-to/react";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { requestMagicLink, signIn, startGoogleSignIn } from "~/.server/auth/accounts";
import { emailOnlySchema, safeRedirect, signInSchema } from "~/.server/auth/schemas";
import { getSessionUser } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { readQuery } from "~/.server/read-query";
import { setCookieHeaders } from "~/.server/set-cookies";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import { TextLink } from "~/components/ui/text-link";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { Route } from "./+types/login";

export { headers } from "~/lib/headers";

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
  const query = readQuery(request);
  if (await getSessionUser(request)) throw redirect(safeRedirect(query.get("redirectTo")));
  const error = query.get("error");
  return {
    googleEnabled: Boolean(getConfig().google),
    linkError: error ? (linkErrors[error] ?? "Sign-in did not work. Please try again.") : null,
  };
}

const intentSchema = z.enum(["password", "magic-link", "google"]);
type Intent = z.infer<typeof intentSchema>;
const noFields = z.object({});

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const intent: Intent = intentSchema.catch("password").parse(formData.get("intent"));

  if (intent === "google") {
    const submission = parseSubmission(formData, noFields);
    try {
      const { url, cookies } = await startGoogleSignIn({ redirectTo, headers: request.headers });
      return redirect(url, { headers: setCookieHeaders(cookies) });
    } catch (error) {
      return refusedSubmission(submission, noFields, error, { extra: { intent, sent: null } });
    }
  }

  if (intent === "magic-link") {
    const submission = parseSubmission(formData, emailOnlySchema);
    if (submission.status !== "success") return invalidSubmission(submission, emailOnlySchema, { intent, sent: null });
    try {
      await requestMagicLink({ email: submission.value.email, ip: context.clientIp, redirectTo, headers: request.headers });
    } catch (error) {
      return refusedSubmission(submission, emailOnlySchema, error, { extra: { intent, sent: null } });
    }
    return {
      intent,
      result: submission.reply({ resetForm: true }),
      sent: "If an account exists for that e-mail, we have sent it a sign-in link. It works for 15 minutes.",
    };
  }

  const submission = parseSubmission(formData, signInSchema);
  if (submission.status !== "success") return invalidSubmission(submission, signInSchema, { intent, sent: null });
  try {
    const { cookies, twoFactorRequired } = await signIn({ ...submission.value, ip: context.clientIp, headers: request.headers });
    const headers = setCookieHeaders(cookies);
    if (twoFactorRequired) return redirect(`/login/two-factor?${new URLSearchParams({ redirectTo })}`, { headers });
    return redirect(redirectTo, { headers });
  } catch (error) {
    return refusedSubmission(submission, signInSchema, error, { extra: { intent, sent: null } });
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const answeredIntent = actionData?.intent;
  const [passwordForm, passwordFields, loadPasswordValidation] = useSchemaForm<z.input<typeof signInSchema>>(
    "signIn",
    answeredIntent === "password" ? actionData?.result : undefined,
    {
      id: "login",
    },
  );
  const [linkForm, linkFields, loadLinkValidation] = useSchemaForm<z.input<typeof emailOnlySchema>>(
    "emailOnly",
    answeredIntent === "magic-link" ? actionData?.result : undefined,
    {
      id: "magic-link",
    },
  );
  const googleError = answeredIntent === "google" ? actionData?.result?.error?.[""]?.[0] : undefined;
  const sent = actionData?.sent ?? null;
  const formError = passwordForm.errors?.[0] ?? linkForm.errors?.[0] ?? googleError;
  return (
    <AuthCard
      title="Log in"
      footer={
        <>
          New to Onward?{" "}
          <TextLink href={redirectTo ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}` : "/signup"}>Create an account</TextLink>
        </>
      }
    >
      {loaderData.linkError ? <FormMessage>{loaderData.linkError}</FormMessage> : null}
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      {sent ? <FormMessage tone="success">{sent}</FormMessage> : null}
      <Form method="post" {...getFormProps(passwordForm)} {...loadPasswordValidation} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="intent" value="password" />
        <Field label="Email" field={passwordFields.email} type="email" autoComplete="email" required />
        <PasswordField label="Password" field={passwordFields.password} purpose="current" />
        <div className="flex items-center justify-between gap-4">
          <Button pending={submittingIntent === "password"}>{submittingIntent === "password" ? "Logging in…" : "Log in"}</Button>
          <TextLink href="/forgot-password" className="text-sm">
            Forgot password?
          </TextLink>
        </div>
      </Form>

      {loaderData.googleEnabled ? (
        <Form method="post" className="border-t border-slate-200 pt-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="intent" value="google" />
          <Button variant="outline" className="w-full">
            Continue with Google
          </Button>
        </Form>
      ) : null}

      <details className="border-t border-slate-200 pt-4" open={answeredIntent === "magic-link" || undefined}>
        <summary className="text-sm font-semibold text-brand-700">Email me a sign-in link</summary>
        <Form method="post" {...getFormProps(linkForm)} {...loadLinkValidation} className="mt-3 grid gap-3">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="intent" value="magic-link" />
          <Field label="Email for the link" field={linkFields.email} type="email" autoComplete="email" required />
          <Button pending={submittingIntent === "magic-link"} variant="neutral">
            Send me a link
          </Button>
        </Form>
      </details>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Log in — Onward" },
  { name: "description", content: "Log in to Onward to apply, book a consultant and follow your application." },
];
