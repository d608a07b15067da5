import type { MailMessage } from "./outbox";

/** HTML-escapes text placed into mail bodies. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type Layout = {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
};

/** One layout for every message: a greeting, a few paragraphs, an optional button, in HTML and plain text. */
export function renderMail({ to, subject, greeting, paragraphs, action, footer }: Layout): MailMessage {
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    footer ?? "— Onward",
  ]
    .join("\n")
    .trim();
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1e40af;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#475569">Or paste this link into your browser: ${escapeHtml(action.url)}</p>` : ""}
<p style="color:#475569">${escapeHtml(footer ?? "— Onward")}</p>
</body></html>`;
  return { to, subject, text, html };
}

type LinkMail = { to: string; name: string; url: string };

export function verifyEmailMail({ to, name, url }: LinkMail): MailMessage {
  return renderMail({
    to,
    subject: "Confirm your e-mail address for Onward",
    greeting: `Hello ${name},`,
    paragraphs: [
      "Welcome to Onward. Please confirm that this is your e-mail address so we can reach you about your applications and appointments.",
    ],
    action: { label: "Confirm my e-mail", url },
    footer: "If you did not create an Onward account, you can ignore this message. — Onward",
  });
}

export function resetPasswordMail({ to, name, url }: LinkMail): MailMessage {
  return renderMail({
    to,
    subject: "Reset your Onward password",
    greeting: `Hello ${name},`,
    paragraphs: ["Someone asked to reset the password of your Onward account. The link below works once, for 30 minutes."],
    action: { label: "Choose a new password", url },
    footer: "If it was not you, ignore this message: your password stays as it is. — Onward",
  });
}

export function magicLinkMail({ to, name, url }: LinkMail): MailMessage {
  return renderMail({
    to,
    subject: "Your Onward sign-in link",
    greeting: `Hello ${name},`,
    paragraphs: ["Here is the sign-in link you asked for. It works once, for 15 minutes."],
    action: { label: "Sign in to Onward", url },
    footer: "If you did not ask for it, ignore this message. — Onward",
  });
}

/** To the owner of an address someone tried to sign up with: the same answer as a new address gets, without a new account. */
export function signUpAttemptMail({ to, name, url }: LinkMail): MailMessage {
  return renderMail({
    to,
    subject: "Someone tried to create an Onward account with your e-mail",
    greeting: `Hello ${name},`,
    paragraphs: [
      "Someone tried to create an Onward account with your e-mail address, but you already have one. If it was you, sign in with your password, or reset your password if you have forgotten it.",
      "If it was not you, you do not need to do anything: nothing has changed on your account.",
    ],
    action: { label: "Sign in to Onward", url },
    footer: "To choose a new password, use “Forgot password?” on the sign-in page. — Onward",
  });
}

/** To a student whose application's status staff changed: the new status, the staff note if any, and the link. */
export function applicationStatusMail(input: {
  to: string;
  name: string;
  status: string;
  country: string;
  university: string;
  note: string | null;
  url: string;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: `Your application is now ${input.status}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `The status of your application to ${input.university} (${input.country}) is now ${input.status}.`,
      ...(input.note ? [`A note from our team: ${input.note}`] : []),
      "You can follow every step of it in your dashboard.",
    ],
    action: { label: "See my application", url: input.url },
  });
}
