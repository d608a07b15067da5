import { sql } from "drizzle-orm";
import type { Locale } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import { type Database, db } from "../db";
import { contactMessages, users } from "../db/schema";
import { queueMail } from "../mail/outbox";
import { renderMail } from "../mail/templates";
import { getStaffEmail } from "../settings/site-settings";
import { type ContactKind, type ContactMessageInput, parseContactMessage } from "./schema";

export type SubmitContactMessageInput = ContactMessageInput & {
  /** The honeypot field: people never see it, so anything in it came from a bot. */
  honeypot?: string;
};

export type SubmitContactMessageResult = { status: "stored"; id: number } | { status: "ignored" };

const subjects: Record<ContactKind, (inputs: { name: string }, options: { locale: Locale }) => string> = {
  contact: m.mail_contact_subject_contact,
  ielts_enrolment: m.mail_contact_subject_ielts,
};

const sentLines: Record<ContactKind, (inputs: { name: string }, options: { locale: Locale }) => string> = {
  contact: m.mail_contact_sent_contact,
  ielts_enrolment: m.mail_contact_sent_ielts,
};

/** The staff inbox's language: its account's, when the address is one of ours; else English. */
async function staffLocale(tx: Database, email: string): Promise<Locale> {
  const [account] = await tx.select({ locale: users.locale }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return account?.locale ?? "en";
}

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
    const locale = await staffLocale(tx, staffEmail);
    await queueMail(
      tx,
      renderMail({
        to: staffEmail,
        locale,
        subject: subjects[message.kind]({ name: message.name }, { locale }),
        greeting: m.mail_contact_hello({}, { locale }),
        paragraphs: [
          sentLines[message.kind]({ name: message.name }, { locale }),
          m.mail_contact_email({ email: message.email }, { locale }),
          m.mail_contact_phone({ phone: message.phone }, { locale }),
          message.message,
          m.mail_contact_handle({}, { locale }),
        ],
        footer: m.mail_contact_footer({}, { locale }),
      }),
    );
    return { status: "stored", id: row.id };
  });
}
