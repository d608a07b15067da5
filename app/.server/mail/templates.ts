import { type Locale, localizedPath } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import { getConfig } from "../config";
import type { MailMessage } from "./outbox";

/** HTML-escapes text placed into mail bodies. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A site page's address in the recipient's language (ADR 037): "/dashboard" → "https://…/bn/dashboard"
 * for a Bangla reader. Query and fragment stay as they are.
 */
export function mailLink(path: string, locale: Locale): string {
  return new URL(localizedPath(path, locale), getConfig().appUrl).href;
}

/** An absolute site link (a set-password or unsubscribe page) moved into a language; its query (the token) stays as it is. */
export function localizedHref(href: string, locale: Locale): string {
  const url = new URL(href);
  url.pathname = localizedPath(url.pathname, locale);
  return url.href;
}

type Layout = {
  to: string;
  /** The recipient's language: the layout's own words (the link hint, the signature) are written in it. */
  locale: Locale;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
} & (
  | {
      /** The recipient's name: a message to a person greets them by it ("Hello Rahim,"), in their language. */
      name: string;
      greeting?: never;
    }
  | {
      /** A message to a shared address (the staff inbox) says its own hello. */
      greeting: string;
      name?: never;
    }
);

/** One layout for every message: a greeting, a few paragraphs, an optional button, in HTML and plain text. */
export function renderMail({ to, locale, subject, paragraphs, action, footer, ...hello }: Layout): MailMessage {
  const greeting = hello.greeting ?? m.mail_hello({ name: hello.name }, { locale });
  const signature = footer ?? m.mail_signature({}, { locale });
  const text = [greeting, "", ...paragraphs.flatMap((p) => [p, ""]), ...(action ? [`${action.label}: ${action.url}`, ""] : []), signature]
    .join("\n")
    .trim();
  const html = `<!doctype html><html${locale === "en" ? "" : ` lang="${locale}"`}><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1e40af;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#475569">${escapeHtml(m.mail_paste_link({}, { locale }))} ${escapeHtml(action.url)}</p>` : ""}
<p style="color:#475569">${escapeHtml(signature)}</p>
</body></html>`;
  return { to, subject, text, html };
}

/** A mail to one person: their address, their language, the name it greets them by, and the page it links to. */
export type Addressed = { to: string; locale: Locale; name: string; url: string };

/** The layout of a mail to one person, its one button (`action`, the label) opening their page. */
export function mailToPerson(
  person: Addressed,
  { subject, paragraphs, action, footer }: { subject: string; paragraphs: string[]; action: string; footer?: string },
): MailMessage {
  return renderMail({
    to: person.to,
    locale: person.locale,
    name: person.name,
    subject,
    paragraphs,
    action: { label: action, url: person.url },
    footer,
  });
}

export function verifyEmailMail(input: Addressed): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_verify_subject({}, { locale }),
    paragraphs: [m.mail_verify_body({}, { locale })],
    action: m.mail_verify_action({}, { locale }),
    footer: m.mail_verify_footer({}, { locale }),
  });
}

export function resetPasswordMail(input: Addressed): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_reset_subject({}, { locale }),
    paragraphs: [m.mail_reset_body({}, { locale })],
    action: m.mail_reset_action({}, { locale }),
    footer: m.mail_reset_footer({}, { locale }),
  });
}

export function magicLinkMail(input: Addressed): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_magic_subject({}, { locale }),
    paragraphs: [m.mail_magic_body({}, { locale })],
    action: m.mail_sign_in_action({}, { locale }),
    footer: m.mail_magic_footer({}, { locale }),
  });
}

/** To the owner of an address someone tried to sign up with: the same answer as a new address gets, without a new account. */
export function signUpAttemptMail(input: Addressed): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_signup_attempt_subject({}, { locale }),
    paragraphs: [m.mail_signup_attempt_body({}, { locale }), m.mail_signup_attempt_not_you({}, { locale })],
    action: m.mail_sign_in_action({}, { locale }),
    footer: m.mail_signup_attempt_footer({}, { locale }),
  });
}

/** To a student whose application's status staff changed: the new status, the staff note if any, and the link. */
export function applicationStatusMail(
  input: Addressed & {
    /** The status's label, in the recipient's language. */
    status: string;
    country: string;
    university: string;
    note: string | null;
  },
): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_status_subject({ status: input.status }, { locale }),
    paragraphs: [
      m.mail_status_body({ university: input.university, country: input.country, status: input.status }, { locale }),
      ...(input.note ? [m.mail_status_note({ note: input.note }, { locale })] : []),
      m.mail_status_follow({}, { locale }),
    ],
    action: m.mail_status_action({}, { locale }),
  });
}
