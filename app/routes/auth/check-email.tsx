import { AuthCard } from "~/components/layout/auth-card";
import { TextLink } from "~/components/ui/text-link";
import type { Route } from "./+types/check-email";

/**
 * Where every sign-up lands, whether the address was new or already had an account: the page
 * says the same to both (ADR 013). The e-mail itself tells the two apart.
 */
export default function CheckEmailPage() {
  return (
    <AuthCard
      title="Check your e-mail"
      footer={
        <>
          Already confirmed? <TextLink href="/login">Log in</TextLink>
        </>
      }
    >
      <p className="text-slate-700">
        We have sent a message to the address you gave. Open the link in it to finish creating your account; it works for 24 hours.
      </p>
      <p className="text-slate-700">
        If nothing arrives within a few minutes, look in your spam folder. If you already have an Onward account, the message tells you how
        to sign in or reset your password.
      </p>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Check your e-mail — Onward" }, { name: "robots", content: "noindex" }];
