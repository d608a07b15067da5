import type { MailMessage } from "./outbox";
import { renderMail } from "./templates";

/**
 * The e-mails of casework: document reviews and new copies, assignment, withdrawal and messages.
 * None carries a message's text or a document's reason in its subject; each links to the page.
 */

export function documentReviewMail(input: {
  to: string;
  name: string;
  document: string;
  decision: "accepted" | "needs-new-copy";
  reason: string | null;
  application: string;
  url: string;
}): MailMessage {
  const asked = input.decision === "needs-new-copy";
  return renderMail({
    to: input.to,
    subject: asked ? `Please send a new copy of your ${input.document}` : `Your ${input.document} was accepted`,
    greeting: `Hello ${input.name},`,
    paragraphs: asked
      ? [
          `Our team reviewed the ${input.document} in your application to ${input.application} and needs a new copy of it.`,
          ...(input.reason ? [`Why: ${input.reason}`] : []),
          "Upload the new copy on your application's page; the other documents stay as they are.",
        ]
      : [`Our team reviewed the ${input.document} in your application to ${input.application} and accepted it.`],
    action: { label: asked ? "Send the new copy" : "See my application", url: input.url },
  });
}

export function documentsReplacedMail(input: {
  to: string;
  name: string;
  student: string;
  documents: string[];
  application: string;
  url: string;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: `${input.student} sent new copies of documents`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `${input.student} sent a new copy of: ${input.documents.join(", ")} (application to ${input.application}).`,
      "The earlier copies stay in each document's history.",
    ],
    action: { label: "Review the application", url: input.url },
  });
}

export function applicationAssignedMail(input: {
  to: string;
  name: string;
  student: string;
  application: string;
  assignedBy: string;
  url: string;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: `An application was assigned to you: ${input.student}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [`${input.assignedBy} made you responsible for ${input.student}'s application to ${input.application}.`],
    action: { label: "Open the application", url: input.url },
  });
}

export function applicationWithdrawnMail(input: {
  to: string;
  name: string;
  student: string;
  application: string;
  reason: string | null;
  url: string;
}): MailMessage {
  return renderMail({
    to: input.to,
    subject: `${input.student} withdrew an application`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `${input.student} withdrew their application to ${input.application}. It is kept, read-only.`,
      ...(input.reason ? [`Their reason: ${input.reason}`] : []),
    ],
    action: { label: "Open the application", url: input.url },
  });
}

export function applicationMessageMail(input: { to: string; name: string; from: string; application: string; url: string }): MailMessage {
  return renderMail({
    to: input.to,
    subject: "New message about an application",
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `${input.from} wrote a message about the application to ${input.application}.`,
      "Read it and reply on the application's page.",
    ],
    action: { label: "Read the message", url: input.url },
  });
}
