import { m } from "~/paraglide/messages";
import type { MailMessage } from "./outbox";
import { type Addressed, mailToPerson } from "./templates";

/**
 * The e-mails of casework: document reviews and new copies, assignment, withdrawal and messages.
 * None carries a message's text or a document's reason in its subject; each links to the page.
 * Each is written in the recipient's language (`locale`).
 */

export function documentReviewMail(
  input: Addressed & {
    document: string;
    decision: "accepted" | "needs-new-copy";
    reason: string | null;
    application: string;
  },
): MailMessage {
  const { locale } = input;
  const asked = input.decision === "needs-new-copy";
  const names = { document: input.document, application: input.application };
  return mailToPerson(input, {
    subject: asked
      ? m.mail_document_new_copy_subject({ document: input.document }, { locale })
      : m.mail_document_accepted_subject({ document: input.document }, { locale }),
    paragraphs: asked
      ? [
          m.mail_document_new_copy_body(names, { locale }),
          ...(input.reason ? [m.mail_document_new_copy_reason({ reason: input.reason }, { locale })] : []),
          m.mail_document_new_copy_upload({}, { locale }),
        ]
      : [m.mail_document_accepted_body(names, { locale })],
    action: asked ? m.mail_document_new_copy_action({}, { locale }) : m.mail_status_action({}, { locale }),
  });
}

export function documentsReplacedMail(
  input: Addressed & {
    student: string;
    documents: string[];
    application: string;
  },
): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_documents_replaced_subject({ student: input.student }, { locale }),
    paragraphs: [
      m.mail_documents_replaced_body(
        { student: input.student, documents: input.documents.join(", "), application: input.application },
        { locale },
      ),
      m.mail_documents_replaced_history({}, { locale }),
    ],
    action: m.mail_documents_replaced_action({}, { locale }),
  });
}

export function applicationAssignedMail(
  input: Addressed & {
    student: string;
    application: string;
    assignedBy: string;
  },
): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_application_assigned_subject({ student: input.student }, { locale }),
    paragraphs: [
      m.mail_application_assigned_body(
        { assignedBy: input.assignedBy, student: input.student, application: input.application },
        { locale },
      ),
    ],
    action: m.mail_open_application_action({}, { locale }),
  });
}

export function applicationWithdrawnMail(
  input: Addressed & {
    student: string;
    application: string;
    reason: string | null;
  },
): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_application_withdrawn_subject({ student: input.student }, { locale }),
    paragraphs: [
      m.mail_application_withdrawn_body({ student: input.student, application: input.application }, { locale }),
      ...(input.reason ? [m.mail_application_withdrawn_reason({ reason: input.reason }, { locale })] : []),
    ],
    action: m.mail_open_application_action({}, { locale }),
  });
}

export function applicationMessageMail(
  input: Addressed & {
    from: string;
    application: string;
  },
): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_application_message_subject({}, { locale }),
    paragraphs: [
      m.mail_application_message_body({ from: input.from, application: input.application }, { locale }),
      m.mail_application_message_reply({}, { locale }),
    ],
    action: m.mail_application_message_action({}, { locale }),
  });
}
