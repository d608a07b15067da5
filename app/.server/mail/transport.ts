import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { logger } from "../logger";
import type { MailMessage } from "./outbox";

export type MailTransport = { send(message: MailMessage): Promise<void>; close(): void };

/**
 * Our message as nodemailer's: a calendar becomes its `icalEvent` (a text/calendar alternative
 * with the method), attached under a name that says what it is.
 */
export function nodemailerMessage({ calendar, ...message }: MailMessage) {
  if (!calendar) return message;
  const filename = calendar.method === "CANCEL" ? "cancellation.ics" : "invitation.ics";
  return { ...message, icalEvent: { method: calendar.method, content: calendar.content, filename } };
}

/** Whether a name in DATA_DIR/mail is a finished message (a file still being written has a temporary name). */
export function isFinishedMailFile(name: string): boolean {
  return name.endsWith(".eml") && !name.startsWith(".");
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in
 * DATA_DIR/mail, so nothing is lost and a developer can open it. The files hold sign-in
 * and reset links: only the server's user may read them (0600, like the secret and uploads).
 */
export function createMailTransport(options: { smtpUrl: string | undefined; from: string; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return {
      async send(message) {
        await transporter.sendMail({ from: options.from, ...nodemailerMessage(message) });
      },
      close: () => transporter.close(),
    };
  }
  const folder = path.join(options.dataDir, "mail");
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await composer.sendMail({ from: options.from, ...nodemailerMessage(message) });
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(folder, name);
      // Written under a temporary name and renamed (atomic in one folder): a reader never sees half a message.
      const partial = path.join(folder, `.${name}.partial`);
      try {
        await writeFile(partial, info.message as Buffer, { mode: 0o600 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      logger.info({ to: message.to, subject: message.subject, file }, `mail written to ${file} (no SMTP_URL set)`);
    },
    close: () => composer.close(),
  };
}
