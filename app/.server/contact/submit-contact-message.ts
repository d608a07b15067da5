import { db } from "../db";
import { contactMessages } from "../db/schema";
import { queueMail } from "../mail/outbox";
import { renderMail } from "../mail/templates";
import { getStaffEmail } from "../settings/site-settings";
import { type ContactKind, type ContactMessageInput, parseContactMessage } from "./schema";

export type SubmitContactMessageInput = ContactMessageInput & {
  /** The honeypot field: people never see it, so anything in it came from a bot. */
  honeypot?: string;
};

export type SubmitContactMessageResult = { status: "stored"; id: number } | { status: "ignored" };

const subjects: Record<ContactKind, string> = {
  contact: "New contact message",
  ielts_enrolment: "New IELTS enrollment request",
};

/**
 * Stores a contact message or an IELTS enrolment request and queues the staff
 * notification in the same transaction: both are kept, or neither. Text is stored
 * exactly as typed (HTML included); it is escaped wherever it is shown.
 * Throws AppError("INVALID") with the fields' problems when a field breaks a rule.
 */
export async function submitContactMessage({ honeypot, ...input }: SubmitContactMessageInput): Promise<SubmitContactMessageResult> {
  const message = parseContactMessage(input);
  // A filled honeypot gets the same answer as a person, so the bot learns nothing.
  if (honeypot?.trim()) return { status: "ignored" };

  const staffEmail = await getStaffEmail();
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ kind: message.kind, name: message.name, phone: message.phone, email: message.email, message: message.message })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("The contact message was not stored");
    await queueMail(
      tx,
      renderMail({
        to: staffEmail,
        subject: `${subjects[message.kind]} from ${message.name}`,
        greeting: "Hello,",
        paragraphs: [
          `${message.name} sent ${message.kind === "contact" ? "a message" : "an IELTS enrollment request"} through the website.`,
          `E-mail: ${message.email}`,
          `Phone: ${message.phone}`,
          message.message,
          "Reply to them directly, then mark the message as handled in the staff inbox (Dashboard → Messages).",
        ],
        footer: "— Onward website",
      }),
    );
    return { status: "stored", id: row.id };
  });
}
