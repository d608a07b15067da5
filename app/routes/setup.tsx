import { getFormProps } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import type { z } from "zod";
import { signIn } from "~/.server/auth/accounts";
import { isAppError } from "~/.server/errors";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { readQuery } from "~/.server/read-query";
import { limiter, limits } from "~/.server/security/rate-limit";
import { setCookieHeaders } from "~/.server/set-cookies";
import { carriedSettings, settingsFormValues } from "~/.server/settings/settings-form";
import { readSettingValues, settingDefault } from "~/.server/settings/site-settings";
import { completeSetup } from "~/.server/setup/complete-setup";
import { setupSchema } from "~/.server/setup/schema";
import { isSetupToken } from "~/.server/setup/setup-token";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { BookingAndStaffMailFields, ContactDetailsFields, SocialLinkFields } from "~/components/dashboard/site-details-fields";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { FieldGroup } from "~/components/ui/field-group";
import { PasswordField } from "~/components/ui/password-field";
import { forwardHeaders, type HeadersArgs } from "~/lib/headers";
import type { SetupSchema } from "~/lib/schemas/setup";
import { tuitionCurrencies } from "~/lib/universities";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/setup";

/**
 * First-run set-up, at the link the server prints while the site has no manager or admin:
 * `/setup?token=…` makes the first admin and saves the consultancy's details, once. Any other
 * `/setup` (no token, a wrong one, after set-up) is the 404 page. The answer is never kept by a
 * browser or cache, and the token never leaves in a Referer header.
 */
export function headers(args: HeadersArgs) {
  const headers = forwardHeaders(args);
  headers.set("Cache-Control", "no-store");
  headers.set("Referrer-Policy", "no-referrer");
  return headers;
}

/** The set-up link's token, or the 404 page. */
async function requireSetupToken(request: Request): Promise<string> {
  const token = readQuery(request).get("token");
  if (!token || !(await isSetupToken(token))) throw data(m.forms_error_not_found_title(), { status: 404 });
  return token;
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = await requireSetupToken(request);
  const values = await readSettingValues();
  // The code's placeholder address is not the consultancy's: the person types theirs.
  const contactEmail = values.contactEmail === settingDefault("contactEmail") ? undefined : values.contactEmail;
  return { token, values: settingsFormValues({ ...values, contactEmail }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = await requireSetupToken(request);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const submission = parseSubmission(formData, setupSchema);
  try {
    await limiter(limits.setupPerIp).hit(context.clientIp);
  } catch (error) {
    return refusedSubmission(submission, setupSchema, error);
  }
  if (submission.status !== "success") return invalidSubmission(submission, setupSchema);
  const { name, email, password } = submission.value;
  try {
    await completeSetup({ token, name, email, password, settings: carriedSettings(formData, submission.value) });
  } catch (error) {
    // Another post with the same link finished first: the link is spent.
    if (isAppError(error, "NOT_FOUND")) throw data(m.forms_error_not_found_title(), { status: 404 });
    return refusedSubmission(submission, setupSchema, error);
  }
  // Whoever holds the printed link runs this server: the address needs no confirmation round trip.
  try {
    const { cookies } = await signIn({ email, password, ip: context.clientIp, headers: request.headers });
    return redirectWithToast(
      "/dashboard",
      { type: "success", text: m.community_setup_done_signed_in() },
      { status: 303, headers: setCookieHeaders(cookies) },
    );
  } catch {
    return redirectWithToast("/login", { type: "success", text: m.community_setup_done_log_in() }, { status: 303 });
  }
}

type Shape = z.input<typeof SetupSchema>;

export default function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields, loadValidation] = useSchemaForm<Shape>("setup", actionData?.result, {
    defaultValue: loaderData.values as Shape,
  });
  const rates = fields.rates.getFieldset();
  const rateRefused = tuitionCurrencies.some((currency) => rates[currency].errors?.length);
  const saving = navigation.state === "submitting";
  return (
    <Page title={m.community_setup_title()} intro={m.community_setup_intro()}>
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form
        method="post"
        action={`/setup?${new URLSearchParams({ token: loaderData.token })}`}
        {...getFormProps(form)}
        {...loadValidation}
        noValidate
        className="grid max-w-3xl gap-8"
      >
        <FieldGroup legend={m.community_setup_account()} note={m.community_setup_account_note()}>
          <Field label={m.community_name()} field={fields.name} autoComplete="name" required maxLength={100} />
          <Field label={m.community_email()} field={fields.email} type="email" autoComplete="email" required />
          <PasswordField label={m.community_setup_password()} field={fields.password} purpose="new" hint={m.forms_new_password_hint()} />
          <Field label={m.community_setup_confirm_password()} field={fields.confirmPassword} type="password" autoComplete="new-password" />
        </FieldGroup>
        <ContactDetailsFields fields={fields} />
        <BookingAndStaffMailFields fields={fields} />
        <SocialLinkFields social={fields.social.getFieldset()} />
        <details className="rounded-lg border border-slate-200 p-4 sm:p-6" open={rateRefused || undefined}>
          <summary className="text-lg font-semibold text-slate-900">{m.community_setup_rates()}</summary>
          <p className="mt-2 text-sm text-slate-600">{m.community_setup_rates_note()}</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            {tuitionCurrencies.map((currency) => (
              <Field
                key={currency}
                label={m.community_setup_rate({ currency })}
                field={rates[currency]}
                inputMode="decimal"
                maxLength={12}
              />
            ))}
          </div>
        </details>
        <div>
          <Button pending={saving}>{saving ? m.community_setup_saving() : m.community_setup_finish()}</Button>
        </div>
      </Form>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.community_setup_meta_title() }, { name: "robots", content: "noindex" }];
