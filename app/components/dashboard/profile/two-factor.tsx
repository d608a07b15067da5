import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { PasswordField } from "~/components/ui/password-field";
import type { passwordOnlySchema, totpCodeSchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";

export type TwoFactorSetup = { secret: string; backupCodes: string[] };

type Result = SubmissionResult<string[]> | undefined;

/**
 * Two-factor sign-in: off → the password starts the set-up (key and backup codes shown once),
 * a first code from the app turns it on; on → the password turns it off.
 */
export function TwoFactorSection({
  enabled,
  setup,
  confirming,
  passwordResult,
  codeResult,
}: {
  enabled: boolean;
  setup: TwoFactorSetup | null;
  /** The code form stays up after a wrong code, when the set-up itself is no longer on the page. */
  confirming: boolean;
  /** The last answer to the password form (enable or disable), and to the code form. */
  passwordResult: Result;
  codeResult: Result;
}) {
  const [passwordForm, passwordFields, loadPasswordValidation] = useSchemaForm<z.input<typeof passwordOnlySchema>>(
    "passwordOnly",
    passwordResult,
    {
      id: "two-factor-password",
    },
  );
  const [codeForm, codeFields, loadCodeValidation] = useSchemaForm<z.input<typeof totpCodeSchema>>("totpCode", codeResult, {
    id: "two-factor-code",
  });
  const problem = (setup || confirming ? codeForm.errors : passwordForm.errors)?.[0];
  return (
    <section aria-labelledby="two-factor" className="rounded-lg border border-slate-200 p-6">
      <h2 id="two-factor" className="text-xl font-semibold">
        {m.dashboard_2fa_title()}
      </h2>
      <p className="mt-2 text-slate-700">{enabled ? m.dashboard_2fa_on_text() : m.dashboard_2fa_off_text()}</p>
      {problem ? <FormMessage>{problem}</FormMessage> : null}
      {setup || confirming ? (
        <div className="mt-4 grid max-w-xl gap-4">
          {setup ? (
            <>
              <p className="text-slate-800">
                {m.dashboard_2fa_add_key()} <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono">{setup.secret}</code>
              </p>
              <p className="text-sm text-slate-700">{m.dashboard_2fa_backup_codes()}</p>
              <ul className="grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
                {setup.backupCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </>
          ) : null}
          <Form method="post" {...getFormProps(codeForm)} {...loadCodeValidation} noValidate className="grid max-w-md gap-4">
            <input type="hidden" name="intent" value="confirm-2fa" />
            <Field
              label={m.dashboard_2fa_code_label()}
              field={codeFields.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
            />
            <Button>{m.dashboard_2fa_turn_on()}</Button>
          </Form>
        </div>
      ) : (
        <Form method="post" {...getFormProps(passwordForm)} {...loadPasswordValidation} noValidate className="mt-4 grid max-w-md gap-4">
          <input type="hidden" name="intent" value={enabled ? "disable-2fa" : "enable-2fa"} />
          <PasswordField label={m.dashboard_2fa_your_password()} field={passwordFields.password} purpose="current" />
          <Button>{enabled ? m.dashboard_2fa_disable() : m.dashboard_2fa_enable()}</Button>
        </Form>
      )}
    </section>
  );
}
