import type { Locale } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import type { MailMessage } from "./outbox";
import { renderMail } from "./templates";

/**
 * The e-mails of casework: document reviews and new copies, assignment, withdrawal and messages.
 * None carries a message's text or a document's reason in its subject; each links to the page.
 * Each is written in the recipient's language (`locale`).
 */

export function documentReviewMail(input: {
  to: string;
  locale: Locale;
  name: string;
  document: string;
  decision: "accepted" | "needs-new-copy";
  reason: string | null;
  application: string;
  url: string;
}): MailMessage {
  const { locale } = input;
  const asked = input.decision === "needs-new-copy";
  const names = { document: input.document, application: input.application };
  return renderMail({
    to: input.to,
    locale,
    subject: asked
      ? m.mail_document_new_copy_subject({ document: input.document }, { locale })
      : m.mail_document_accepted_subject({ document: input.document }, { locale }),
    name: input.name,
    paragraphs: asked
      ? [
          m.mail_document_new_copy_body(names, { locale }),
          ...(input.reason ? [m.mail_document_new_copy_reason({ reason: input.reason }, { locale })] : []),
          m.mail_document_new_copy_upload({}, { locale }),
        ]
      : [m.mail_document_accepted_body(names, { locale })],
    action: {
      label: asked ? m.mail_document_new_copy_action({}, { locale }) : m.mail_status_action({}, { locale }),
      url: input.url,
    },
  });
}

export function documentsReplacedMail(input: {
  to: string;
  locale: Locale;
  name: string;
  student: string;
  documents: string[];
  application: string;
  url: string;
}): MailMessage {
  const { locale } = input;
  return renderMail({
    to: input.to,
    locale,
    subject: m.mail_documents_replaced_subject({ student: input.student }, { locale }),
    name: input.name,
    paragraphs: [
      m.mail_documents_replaced_body(
        { student: input.student, documents: input.documents.join(", "), application: input.application },
        { locale },
      ),
      m.mail_documents_replaced_history({}, { locale }),
    ],
    action: { label: m.mail_documents_replaced_action({}, { locale }), url: input.url },
  });
}

export function applicationAssignedMail(input: {
  to: string;
  locale: Locale;
  name: string;
  student: string;
  application: string;
  assignedBy: string;
  url: string;
}): MailMessage {
  const { locale } = input;
  return renderMail({
    to: input.to,
    locale,
    subject: m.mail_application_assigned_subject({ student: input.student }, { locale }),
    name: input.name,
    paragraphs: [
      m.mail_application_assigned_body(
        { assignedBy: input.assignedBy, student: input.student, application: input.application },
        { locale },
      ),
    ],
    action: { label: m.mail_open_application_action({}, { locale }), url: input.url },
  });
}

export function applicationWithdrawnMail(input: {
  to: string;
  locale: Locale;
  name: string;
  student: string;
  application: string;
  reason: string | null;
  url: string;
}): MailMessage {
  const { locale } = input;
  return renderMail({
    to: input.to,
    locale,
    subject: m.mail_application_withdrawn_subject({ student: input.student }, { locale }),
    name: input.name,
    paragraphs: [
      m.mail_application_withdrawn_body({ student: input.student, application: input.application }, { locale }),
      ...(input.reason ? [m.mail_application_withdrawn_reason({ reason: input.reason }, { locale })] : []),
    ],
    action: { label: m.mail_open_application_action({}, { locale }), url: input.url },
  });
}

export function applicationMessageMail(input: {
  to: string;
  locale: Locale;
  name: string;
  from: string;
  application: string;
  url: string;
}): MailMessage {
  const { locale } = input;
  return renderMail({
    to: input.to,
    locale,
    subject: m.mail_application_message_subject({}, { locale }),
    name: input.name,
    paragraphs: [
      m.mail_application_message_body({ from: input.from, application: input.application }, { locale }),
      m.mail_application_message_reply({}, { locale }),
    ],
    action: { label: m.mail_application_message_action({}, { locale }), url: input.url },
  });
}
