import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { verifyTwoFactorCode } from "~/.server/auth/accounts";
import { safeRedirect, totpCodeSchema } from "~/.server/auth/schemas";
import { formFailure } from "~/.server/errors";
import { invalidForm, parseForm } from "~/.server/forms";
import { setCookieHeaders } from "~/.server/set-cookies";
import { AuthCard } from "~/components/layout/auth-card";
import { Field, FormMessage, SubmitButton } from "~/components/ui/field";
import type { Route } from "./+types/two-factor";

export function loader({ request }: Route.LoaderArgs) {
  // Only reachable in the middle of a sign-in, which leaves this short-lived cookie.
  if (!request.headers.get("Cookie")?.includes("onward.two_factor")) throw redirect("/login");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const form = parseForm(formData, totpCodeSchema);
  if (!form.ok) return invalidForm(form.errors, form.values);
  try {
    const { cookies } = await verifyTwoFactorCode({
      code: form.data.code,
      trustDevice: formData.get("trustDevice") === "on",
      headers: request.headers,
    });
    const headers = setCookieHeaders(cookies);
    return redirect(safeRedirect(formData.get("redirectTo")), { headers });
  } catch (error) {
    return formFailure(error, form.values);
  }
}

export default function TwoFactorPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  return (
    <AuthCard title="Enter your code">
      <p className="text-slate-700">Open your authenticator app and enter the 6-digit code for Onward.</p>
      {actionData?.formError ? <FormMessage>{actionData.formError}</FormMessage> : null}
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field
          label="Code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          error={actionData?.errors?.code}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="trustDevice" className="h-4 w-4" /> Trust this device for 30 days
        </label>
        <SubmitButton pending={navigation.state === "submitting"}>Verify</SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Two-factor sign-in — Onward" }];
