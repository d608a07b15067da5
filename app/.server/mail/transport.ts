import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { logger } from "../logger";
import type { MailMessage } from "./outbox";

export type MailTransport = { send(message: MailMessage): Promise<void>; close(): void };

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in
 * DATA_DIR/mail, so nothing is lost and a developer can open it.
 */
export function createMailTransport(options: { smtpUrl: string | undefined; from: string; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return {
      async send(message) {
        await transporter.sendMail({ from: options.from, ...message });
      },
      close: () => transporter.close(),
    };
  }
  const folder = path.join(options.dataDir, "mail");
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await composer.sendMail({ from: options.from, ...message });
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, `mail written to ${file} (no SMTP_URL set)`);
    },
    close: () => composer.close(),
  };
}
