import { Form } from "react-router";
import { m } from "~/paraglide/messages";

/** Shown on every page to a signed-in person whose e-mail is not confirmed yet. */
export function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <div className="border-b border-amber-300 bg-amber-50" role="status">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm text-amber-950">
        <span>{m.auth_banner_text({ email })}</span>
        <Form method="post" action="/dashboard/profile">
          <input type="hidden" name="intent" value="resend-verification" />
          <button type="submit" className="font-semibold underline">
            {m.auth_banner_resend()}
          </button>
        </Form>
      </div>
    </div>
  );
}
