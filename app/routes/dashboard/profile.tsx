import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { beginTwoFactorSetup, changePassword, confirmTwoFactorSetup, disableTwoFactor, resendVerification } from "~/.server/auth/accounts";
import { changePasswordSchema, totpCodeSchema } from "~/.server/auth/schemas";
import { requireUser } from "~/.server/auth/session";
import { formFailure } from "~/.server/errors";
import { invalidForm, parseForm } from "~/.server/forms";
import { setCookieHeaders } from "~/.server/set-cookies";
import { redirectWithToast } from "~/.server/toast";
import { photoUrl } from "~/.server/users/photo";
import { Page } from "~/components/layout/page";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import type { Route } from "./+types/profile";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    user: {
      name: user.name,
      email: user.email,
      phone: user.phone,
      address: user.address,
      photo: photoUrl(user.image),
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      role: user.role,
    },
  };
}

const passwordOnly = z.object({ password: z.string().min(1, "Enter your password") });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "resend-verification") {
    try {
      await resendVerification({ email: user.email, ip: context.clientIp, headers: request.headers });
    } catch (error) {
      return formFailure(error, {} as Record<string, string>);
    }
    return redirectWithToast("/dashboard/profile", { type: "success", text: `We have sent a new confirmation link to ${user.email}.` });
  }

  if (intent === "change-password") {
    const form = parseForm(formData, changePasswordSchema);
    if (!form.ok) return invalidForm(form.errors, { ...form.values, intent: "change-password" });
    try {
      const cookies = await changePassword({
        userId: user.id,
        currentPassword: form.data.currentPassword,
        newPassword: form.data.newPassword,
        headers: request.headers,
      });
      return redirectWithToast(
        "/dashboard/profile",
        { type: "success", text: "Your password has been changed; other devices are signed out." },
        { headers: setCookieHeaders(cookies) },
      );
    } catch (error) {
      return formFailure(error, { intent: "change-password" });
    }
  }

  if (intent === "enable-2fa") {
    const form = parseForm(formData, passwordOnly);
    if (!form.ok) return invalidForm(form.errors, { intent: "enable-2fa" });
    try {
      const setup = await beginTwoFactorSetup({ password: form.data.password, headers: request.headers });
      return { errors: {} as Record<string, string>, values: { intent: "enable-2fa" } as Record<string, string>, formError: null, setup };
    } catch (error) {
      return formFailure(error, { intent: "enable-2fa" });
    }
  }

  if (intent === "confirm-2fa") {
    const form = parseForm(formData, totpCodeSchema);
    if (!form.ok)
      return invalidForm(form.errors, { intent: "confirm-2fa" }, "Enter the 6-digit code to finish turning on two-factor sign-in.");
    try {
      const cookies = await confirmTwoFactorSetup({ userId: user.id, code: form.data.code, headers: request.headers });
      return redirectWithToast(
        "/dashboard/profile",
        { type: "success", text: "Two-factor sign-in is on." },
        { headers: setCookieHeaders(cookies) },
      );
    } catch (error) {
      return formFailure(error, { intent: "confirm-2fa" });
    }
  }

  if (intent === "disable-2fa") {
    const form = parseForm(formData, passwordOnly);
    if (!form.ok) return invalidForm(form.errors, { intent: "disable-2fa" });
    try {
      const cookies = await disableTwoFactor({ userId: user.id, password: form.data.password, headers: request.headers });
      return redirectWithToast(
        "/dashboard/profile",
        { type: "success", text: "Two-factor sign-in is off." },
        { headers: setCookieHeaders(cookies) },
      );
    } catch (error) {
      return formFailure(error, { intent: "disable-2fa" });
    }
  }

  throw redirect("/dashboard/profile");
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const navigation = useNavigation();
  const intent = (actionData?.values as Record<string, string> | undefined)?.intent;
  const errorsFor = (name: string) => (intent === name ? (actionData?.errors ?? {}) : {}) as Record<string, string>;
  const setup = actionData && "setup" in actionData ? actionData.setup : null;
  return (
    <Page title="Profile">
      <div className="grid gap-8">
        <section aria-labelledby="details" className="flex flex-col gap-6 rounded-lg border border-slate-200 p-6 sm:flex-row">
          {user.photo ? (
            <img src={user.photo} alt={`${user.name}`} width={128} height={128} className="h-32 w-32 rounded-full object-cover" />
          ) : (
            <div
              aria-hidden="true"
              className="flex h-32 w-32 items-center justify-center rounded-full bg-brand-100 text-4xl font-bold text-brand-800"
            >
              {user.name.slice(0, 1).toUpperCase()}
            </div>
          )}
          <div className="grid flex-1 gap-2">
            <h2 id="details" className="text-xl font-semibold">
              {user.name}
            </h2>
            <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-slate-800">
              <dt className="font-semibold">Full name</dt>
              <dd>{user.name}</dd>
              <dt className="font-semibold">Email</dt>
              <dd>
                {user.email}{" "}
                <span
                  className={`ml-1 rounded px-2 py-0.5 text-xs font-semibold ${user.emailVerified ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}
                >
                  {user.emailVerified ? "Verified" : "Not verified"}
                </span>
              </dd>
              <dt className="font-semibold">Phone</dt>
              <dd>{user.phone || "Not given"}</dd>
              <dt className="font-semibold">Address</dt>
              <dd>{user.address || "Not given"}</dd>
              <dt className="font-semibold">Role</dt>
              <dd className="capitalize">{user.role}</dd>
            </dl>
            <div className="mt-2 flex flex-wrap gap-3">
              <Link
                to={`/dashboard/edit-user-profile/${encodeURIComponent(user.email)}`}
                className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                Edit
              </Link>
              <Link to="/" className="rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
                Back
              </Link>
              {user.emailVerified ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="resend-verification" />
                  <button
                    type="submit"
                    className="rounded-md border border-amber-600 px-4 py-2 font-semibold text-amber-900 hover:bg-amber-50"
                  >
                    Resend confirmation e-mail
                  </button>
                </Form>
              )}
            </div>
            {intent === undefined && actionData?.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
          </div>
        </section>

        <section aria-labelledby="password" className="rounded-lg border border-slate-200 p-6">
          <h2 id="password" className="text-xl font-semibold">
            Change password
          </h2>
          {intent === "change-password" && actionData?.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
          <Form method="post" className="mt-4 grid max-w-md gap-4">
            <input type="hidden" name="intent" value="change-password" />
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={errorsFor("change-password").currentPassword}
            />
            <Field
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              error={errorsFor("change-password").newPassword}
            />
            <Field
              label="Confirm new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={errorsFor("change-password").confirmPassword}
            />
            <SubmitButton pending={navigation.formData?.get("intent") === "change-password"}>Change password</SubmitButton>
          </Form>
        </section>

        <section aria-labelledby="two-factor" className="rounded-lg border border-slate-200 p-6">
          <h2 id="two-factor" className="text-xl font-semibold">
            Two-factor sign-in
          </h2>
          <p className="mt-2 text-slate-700">
            {user.twoFactorEnabled
              ? "On: signing in with your password also asks for a code from your authenticator app."
              : "Off. Turn it on to ask for a code from an authenticator app (such as Google Authenticator) when you sign in."}
          </p>
          {intent && intent.endsWith("2fa") && actionData?.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
          {setup || intent === "confirm-2fa" ? (
            <div className="mt-4 grid max-w-xl gap-4">
              {setup ? (
                <>
                  <p className="text-slate-800">
                    Add this key to your authenticator app:{" "}
                    <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono">{setup.secret}</code>
                  </p>
                  <p className="text-sm text-slate-700">Keep these backup codes somewhere safe; each works once if you lose your phone:</p>
                  <ul className="grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
                    {setup.backupCodes.map((code) => (
                      <li key={code}>{code}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              <Form method="post" className="grid max-w-md gap-4">
                <input type="hidden" name="intent" value="confirm-2fa" />
                <Field
                  label="Code from the app"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  error={errorsFor("confirm-2fa").code}
                />
                <SubmitButton>Turn on</SubmitButton>
              </Form>
            </div>
          ) : (
            <Form method="post" className="mt-4 grid max-w-md gap-4">
              <input type="hidden" name="intent" value={user.twoFactorEnabled ? "disable-2fa" : "enable-2fa"} />
              <Field
                label="Your password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                error={errorsFor(user.twoFactorEnabled ? "disable-2fa" : "enable-2fa").password}
              />
              <SubmitButton>{user.twoFactorEnabled ? "Turn off two-factor sign-in" : "Set up two-factor sign-in"}</SubmitButton>
            </Form>
          )}
        </section>
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Profile — Onward" }];
