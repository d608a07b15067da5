import { getFormProps } from "@conform-to/react";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";
import { verifyTwoFactorCode } from "~/.server/auth/accounts";
import { safeRedirect, totpCodeSchema as serverTotpCodeSchema } from "~/.server/auth/schemas";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { setCookieHeaders } from "~/.server/set-cookies";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { unlocalizedPath } from "~/lib/locale";
import type { totpCodeSchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/two-factor";

export { headers } from "~/lib/headers";

export function loader({ request }: Route.LoaderArgs) {
  // Only reachable in the middle of a sign-in, which leaves this short-lived cookie.
  if (!request.headers.get("Cookie")?.includes("onward.two_factor")) throw redirect("/login");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const submission = parseSubmission(formData, serverTotpCodeSchema);
  if (submission.status !== "success") return invalidSubmission(submission, serverTotpCodeSchema);
  try {
    const { cookies } = await verifyTwoFactorCode({
      code: submission.value.code,
      trustDevice: formData.get("trustDevice") === "on",
      headers: request.headers,
    });
    const headers = setCookieHeaders(cookies);
    // redirect() adds the page's language prefix itself; a target from a Bangla page may hold it already.
    return redirect(unlocalizedPath(safeRedirect(formData.get("redirectTo"))), { headers });
  } catch (error) {
    return refusedSubmission(submission, serverTotpCodeSchema, error);
  }
}

export default function TwoFactorPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof totpCodeSchema>>("totpCode", actionData?.result);
  return (
    <AuthCard title={m.auth_two_factor_title()}>
      <p className="text-slate-700">{m.auth_two_factor_intro()}</p>
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field
          label={m.auth_code_label()}
          field={fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="trustDevice" className="h-4 w-4" /> {m.auth_trust_device()}
        </label>
        <Button pending={navigation.state === "submitting"}>{m.auth_verify()}</Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.auth_two_factor_meta_title() }];
