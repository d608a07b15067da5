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
import { localizedPath, unlocalizedPath } from "~/lib/locale";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/login";

export { headers } from "~/lib/headers";

/** What the links and the Google flow send people back with (called when the page renders, in its language). */
const linkErrors: Record<string, () => string> = {
  link: m.auth_link_error_used,
  INVALID_TOKEN: m.auth_link_error_used,
  EXPIRED_TOKEN: m.auth_link_error_expired,
  new_user_signup_disabled: m.auth_link_error_no_account,
  account_not_linked: m.auth_link_error_not_linked,
  email_not_verified: m.auth_link_error_google_unverified,
  state_mismatch: m.auth_link_error_state,
};

function linkErrorMessage(code: string): string {
  const message = Object.hasOwn(linkErrors, code) ? linkErrors[code] : undefined;
  return (message ?? m.auth_link_error_generic)();
}

/**
 * The page to go to after signing in, without its language prefix: `redirect()` adds the page's
 * own (the router's basename), and a target read from a Bangla page's address may hold /bn already.
 */
function destination(target: FormDataEntryValue | string | null): string {
  return unlocalizedPath(safeRedirect(target));
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(request);
  if (await getSessionUser(request)) throw redirect(destination(query.get("redirectTo")));
  const error = query.get("error");
  return {
    googleEnabled: Boolean(getConfig().google),
    linkError: error ? linkErrorMessage(error) : null,
  };
}

const intentSchema = z.enum(["password", "magic-link", "google"]);
type Intent = z.infer<typeof intentSchema>;
const noFields = z.object({});

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const redirectTo = destination(formData.get("redirectTo"));
  // better-auth sends people to the link's and Google's callback itself, so that address carries the page's language.
  const callbackURL = localizedPath(redirectTo);
  const intent: Intent = intentSchema.catch("password").parse(formData.get("intent"));

  if (intent === "google") {
    const submission = parseSubmission(formData, noFields);
    try {
      const { url, cookies } = await startGoogleSignIn({ redirectTo: callbackURL, headers: request.headers });
      return redirect(url, { headers: setCookieHeaders(cookies) });
    } catch (error) {
      return refusedSubmission(submission, noFields, error, { extra: { intent, sent: null } });
    }
  }

  if (intent === "magic-link") {
    const submission = parseSubmission(formData, emailOnlySchema);
    if (submission.status !== "success") return invalidSubmission(submission, emailOnlySchema, { intent, sent: null });
    try {
      await requestMagicLink({ email: submission.value.email, ip: context.clientIp, redirectTo: callbackURL, headers: request.headers });
    } catch (error) {
      return refusedSubmission(submission, emailOnlySchema, error, { extra: { intent, sent: null } });
    }
    return {
      intent,
      result: submission.reply({ resetForm: true }),
      sent: m.auth_magic_link_sent(),
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
      title={m.auth_log_in()}
      footer={
        <>
          {m.auth_login_new_to_onward()}{" "}
          <TextLink href={localizedPath(redirectTo ? `/signup?redirectTo=${encodeURIComponent(redirectTo)}` : "/signup")}>
            {m.auth_create_account_link()}
          </TextLink>
        </>
      }
    >
      {loaderData.linkError ? <FormMessage>{loaderData.linkError}</FormMessage> : null}
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      {sent ? <FormMessage tone="success">{sent}</FormMessage> : null}
      <Form method="post" {...getFormProps(passwordForm)} {...loadPasswordValidation} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="intent" value="password" />
        <Field label={m.auth_email_label()} field={passwordFields.email} type="email" autoComplete="email" required />
        <PasswordField label={m.auth_password_label()} field={passwordFields.password} purpose="current" />
        <div className="flex items-center justify-between gap-4">
          <Button pending={submittingIntent === "password"}>
            {submittingIntent === "password" ? m.auth_logging_in() : m.auth_log_in()}
          </Button>
          <TextLink href={localizedPath("/forgot-password")} className="text-sm">
            {m.auth_forgot_password_link()}
          </TextLink>
        </div>
      </Form>

      {loaderData.googleEnabled ? (
        <Form method="post" className="border-t border-slate-200 pt-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="intent" value="google" />
          <Button variant="outline" className="w-full">
            {m.auth_continue_with_google()}
          </Button>
        </Form>
      ) : null}

      <details className="border-t border-slate-200 pt-4" open={answeredIntent === "magic-link" || undefined}>
        <summary className="text-sm font-semibold text-brand-700">{m.auth_magic_link_summary()}</summary>
        <Form method="post" {...getFormProps(linkForm)} {...loadLinkValidation} className="mt-3 grid gap-3">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="intent" value="magic-link" />
          <Field label={m.auth_magic_link_email_label()} field={linkFields.email} type="email" autoComplete="email" required />
          <Button pending={submittingIntent === "magic-link"} variant="neutral">
            {m.auth_magic_link_send()}
          </Button>
        </Form>
      </details>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: m.auth_login_meta_title() },
  { name: "description", content: m.auth_login_meta_description() },
];
