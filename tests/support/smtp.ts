import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives; it can be stopped and started again on its port. */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let boundPort = port;

  async function listen() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString("utf8") });
          callback();
        });
      },
    });
    // A client dropping the connection mid-message (a server killed by a test) must not end the process.
    server.on("error", () => {});
    await new Promise<void>((resolve) => server?.listen(boundPort, "127.0.0.1", () => resolve()));
    boundPort = (server.server.address() as { port: number }).port;
  }

  await listen();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    async stop() {
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    },
    async start() {
      await listen();
    },
    /** Resolves with the first message to `address` (waiting up to `timeoutMs`). */
    async waitFor(address: string, timeoutMs = 5_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((message) => message.to.includes(address));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** The first http(s) link in a raw message, with quoted-printable soft breaks and escapes undone. */
export function firstLink(raw: string, contains: string): string {
  const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = decoded.match(new RegExp(`https?://[^\\s"<>]*${contains.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[^\\s"<>]*`))?.[0];
  if (!link) throw new Error(`No link containing ${contains} in the message`);
  return link.replace(/&amp;/g, "&");
}
