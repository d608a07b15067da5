import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "vitest";
import { getConfig } from "../config";
import { listDevMail } from "./dev-mailbox";
import { createMailTransport } from "./transport";

test("the development mailbox lists finished messages and skips files still being written", async () => {
  const { dataDir } = getConfig();
  const subject = `Mailbox check ${randomBytes(4).toString("hex")}`;
  const transport = createMailTransport({ smtpUrl: undefined, from: "no-reply@onward.test", dataDir });
  await transport.send({ to: "reader@example.com", subject, text: "Hello", html: "<p>Hello</p>" });
  transport.close();
  // What a transport in the middle of a write leaves: a temporary name, half a message.
  const folder = path.join(dataDir, "mail");
  await mkdir(folder, { recursive: true });
  const partial = `.9999-12-31T23-59-59-999Z-${randomBytes(3).toString("hex")}.eml.partial`;
  await writeFile(path.join(folder, partial), `Subject: ${subject} (half)\n`, { mode: 0o600 });

  const messages = await listDevMail();
  expect(messages.filter((message) => message.content.includes(subject))).toHaveLength(1);
  expect(messages.map((message) => message.name)).not.toContain(partial);
});
