import { EventEmitter } from "node:events";
import type { Database } from "../db";
import { mailOutbox } from "../db/schema";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's reply goes, when not to us (a student who wrote to a networking member). */
  replyTo?: string;
  /**
   * A calendar invitation (METHOD:REQUEST) or cancellation (METHOD:CANCEL): the iCalendar text,
   * sent as the message's `text/calendar; method=…` part, which calendars act on.
   */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
  /** The Message-ID header: the outbox row's own, the same on every attempt (the worker sets it). */
  messageId?: string;
};

/** Tells the mail worker in this process that a message is waiting. */
export const outboxEvents = new EventEmitter();

/**
 * Writes a message to the outbox. Pass the transaction of the change that caused the
 * message, so both commit or neither does; the worker sends it afterwards.
 */
export async function queueMail(database: Database, message: MailMessage): Promise<void> {
  await database.insert(mailOutbox).values(message);
  outboxEvents.emit("queued");
}
