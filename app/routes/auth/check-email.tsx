import { AuthCard } from "~/components/layout/auth-card";
import { TextLink } from "~/components/ui/text-link";
import { localizedPath } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/check-email";

/**
 * Where every sign-up lands, whether the address was new or already had an account: the page
 * says the same to both (ADR 013). The e-mail itself tells the two apart.
 */
export default function CheckEmailPage() {
  return (
    <AuthCard
      title={m.auth_check_email_title()}
      footer={
        <>
          {m.auth_check_email_already_confirmed()} <TextLink href={localizedPath("/login")}>{m.auth_log_in_link()}</TextLink>
        </>
      }
    >
      <p className="text-slate-700">{m.auth_check_email_sent()}</p>
      <p className="text-slate-700">{m.auth_check_email_spam()}</p>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.auth_check_email_meta_title() }, { name: "robots", content: "noindex" }];
