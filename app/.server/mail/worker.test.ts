import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { startSmtpServer } from "../../../tests/support/smtp";
import { db } from "../db";
import { mailOutbox } from "../db/schema";
import { queueMail } from "./outbox";
import { renderMail } from "./templates";
import { createMailTransport, isFinishedMailFile, type MailTransport } from "./transport";
import { type MailWorker, outboxMessageId, startMailWorker } from "./worker";

withTestDatabase();

let worker: MailWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

const message = (to: string) =>
  renderMail({
    to,
    locale: "en",
    subject: "Hello <there>",
    greeting: "Hi & welcome,",
    paragraphs: ["A <b>test</b>."],
    action: { label: "Open", url: "http://localhost:3000/x?a=1&b=2" },
  });

test("renders HTML and text bodies and escapes what it is given", () => {
  const mail = message("a@example.com");
  expect(mail.text).toContain("Hi & welcome,");
  expect(mail.text).toContain("Open: http://localhost:3000/x?a=1&b=2");
  expect(mail.html).toContain("Hi &#38; welcome,");
  expect(mail.html).toContain("A &#60;b&#62;test&#60;/b&#62;.");
});

test("a queued message reaches the SMTP server within 5 seconds of being queued", async () => {
  const smtp = await startSmtpServer();
  try {
    worker = startMailWorker({
      database: db,
      transport: createMailTransport({ smtpUrl: smtp.url, from: "Onward <no-reply@onward.test>", dataDir: "" }),
    });
    const queuedAt = Date.now();
    await queueMail(db(), { ...message("fast@example.com"), replyTo: "student@example.com" });
    const received = await smtp.waitFor("fast@example.com", 5_000);
    expect(Date.now() - queuedAt).toBeLessThan(5_000);
    expect(received.raw).toContain("Subject: Hello <there>");
    expect(received.raw).toContain("Reply-To: student@example.com");
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "fast@example.com"));
    await expect
      .poll(
        async () =>
          (
            await db()
              .select()
              .from(mailOutbox)
              .where(eq(mailOutbox.id, row?.id ?? 0))
          )[0]?.status,
      )
      .toBe("sent");
  } finally {
    await smtp.stop();
  }
});

test("while the SMTP server is down nothing is lost, and the message leaves once it is back", async () => {
  const smtp = await startSmtpServer();
  const port = Number(new URL(smtp.url).port);
  await smtp.stop();
  worker = startMailWorker({
    database: db,
    transport: createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "no-reply@onward.test", dataDir: "" }),
    pollMs: 200,
  });
  await queueMail(db(), message("patient@example.com"));
  await expect
    .poll(async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.to, "patient@example.com")))[0]?.lastError ?? null, {
      timeout: 5_000,
    })
    .not.toBeNull();
  const [failed] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "patient@example.com"));
  expect(failed).toMatchObject({ status: "pending", attempts: 1 });

  await smtp.start();
  try {
    // Skip the back-off wait rather than sleeping through it.
    await db().update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.to, "patient@example.com"));
    await smtp.waitFor("patient@example.com", 5_000);
    await expect
      .poll(async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.to, "patient@example.com")))[0]?.status)
      .toBe("sent");
  } finally {
    await smtp.stop();
  }
});

test("without SMTP_URL each message is written as an .eml file under DATA_DIR/mail that only the server's user can read", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "onward-mail-"));
  worker = startMailWorker({ database: db, transport: createMailTransport({ smtpUrl: undefined, from: "no-reply@onward.test", dataDir }) });
  await queueMail(db(), message("file@example.com"));
  const folder = path.join(dataDir, "mail");
  await expect.poll(() => readdirSync(folder).filter(isFinishedMailFile).length, { timeout: 5_000 }).toBe(1);
  const [file = ""] = readdirSync(folder).filter(isFinishedMailFile);
  const eml = readFileSync(path.join(folder, file), "utf8");
  expect(eml).toContain("To: file@example.com");
  expect(eml).toContain("Content-Type: multipart/alternative");
  expect((await stat(path.join(folder, file))).mode & 0o777).toBe(0o600);
  expect((await stat(folder)).mode & 0o077).toBe(0);
  expect(readdirSync(folder)).toEqual([file]); // no temporary file left behind
});

test("a reader of DATA_DIR/mail never sees a message that is still being written", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "onward-mail-"));
  const folder = path.join(dataDir, "mail");
  const transport = createMailTransport({ smtpUrl: undefined, from: "no-reply@onward.test", dataDir });
  // Large bodies take several writes each, which is when a plain writeFile shows a half-written file.
  const big = { ...message("big@example.com"), text: "x".repeat(2_000_000) };
  // One after another, so finished messages sit beside one being written while the reader looks.
  let writing = true;
  const sends = (async () => {
    for (let index = 0; index < 12; index++) await transport.send(big);
  })().finally(() => {
    writing = false;
  });
  let reads = 0;
  while (writing) {
    for (const name of (await readdir(folder).catch(() => [] as string[])).filter(isFinishedMailFile)) {
      const content = await readFile(path.join(folder, name), "utf8");
      reads += 1;
      // The last MIME boundary closes a complete message.
      expect(content.trimEnd(), name).toMatch(/--\S+--$/);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await sends;
  transport.close();
  expect((await readdir(folder)).filter(isFinishedMailFile)).toHaveLength(12);
  expect(reads).toBeGreaterThan(0);
});

test("a message queued in a transaction that rolls back is never sent", async () => {
  await expect(
    db().transaction(async (tx) => {
      await queueMail(tx, message("rolled-back@example.com"));
      throw new Error("the change failed");
    }),
  ).rejects.toThrow("the change failed");
  expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, "rolled-back@example.com"))).toHaveLength(0);
});

test("a message the SMTP server took is sent once, though recording it failed at first (a cut database connection); every attempt carries the row's Message-ID", async () => {
  const smtp = await startSmtpServer();
  let failures = 1;
  // The database as the worker sees it, whose first "mark sent" update fails as a terminated connection does.
  const flaky = () =>
    new Proxy(db(), {
      get(target, key, receiver) {
        if (key === "update" && failures > 0) {
          failures -= 1;
          return () => ({ set: () => ({ where: () => Promise.reject(new Error("terminating connection due to administrator command")) }) });
        }
        return Reflect.get(target, key, receiver);
      },
    });
  try {
    worker = startMailWorker({
      database: flaky,
      transport: createMailTransport({ smtpUrl: smtp.url, from: "no-reply@onward.test", dataDir: "" }),
      pollMs: 100,
    });
    await queueMail(db(), message("once@example.com"));
    await smtp.waitFor("once@example.com", 5_000);
    await expect
      .poll(async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.to, "once@example.com")))[0]?.status, { timeout: 5_000 })
      .toBe("sent");
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "once@example.com"));
    // Two more runs of the worker (the first may be the one still finishing): nothing goes again.
    await worker.runOnce();
    expect(await worker.runOnce()).toBe(0);
    const copies = smtp.received.filter((mail) => mail.to.includes("once@example.com"));
    expect(failures).toBe(0);
    expect(copies).toHaveLength(1);
    expect(copies[0]?.raw).toContain(`Message-ID: ${outboxMessageId(row as NonNullable<typeof row>)}`);
  } finally {
    await smtp.stop();
  }
});

test("behind a slow SMTP server, a message whose lease ran out before its turn is sent once, by the worker that claims it next", async () => {
  const smtp = await startSmtpServer();
  const smtpTransport = createMailTransport({ smtpUrl: smtp.url, from: "no-reply@onward.test", dataDir: "" });
  // Each message takes half a second to hand over: of a batch claimed for 1.5 s, the third and fourth would start after the first half.
  const slowLink: MailTransport = {
    async send(mail) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await smtpTransport.send(mail);
    },
    close: () => {},
  };
  const addresses = ["slow-1@example.com", "slow-2@example.com", "slow-3@example.com", "slow-4@example.com"];
  const rowsOf = () => db().select().from(mailOutbox).where(inArray(mailOutbox.to, addresses));
  let other: MailWorker | undefined;
  try {
    for (const address of addresses) await queueMail(db(), message(address));
    worker = startMailWorker({ database: db, transport: slowLink, pollMs: 100, leaseSeconds: 1.5 });
    // The first worker claimed all four in one batch; a second (another instance's) polls beside it.
    await expect.poll(async () => (await rowsOf()).map((row) => row.attempts), { timeout: 5_000 }).toEqual([1, 1, 1, 1]);
    other = startMailWorker({ database: db, transport: slowLink, pollMs: 100, leaseSeconds: 1.5 });
    await expect.poll(async () => (await rowsOf()).every((row) => row.status === "sent"), { timeout: 15_000 }).toBe(true);
    // Stopping waits for each worker's hand-over in progress, so a second copy on its way has arrived by now.
    await Promise.all([worker.stop(), other.stop()]);
    expect(
      (await rowsOf()).map((row) => row.attempts).some((attempts) => attempts > 1),
      "a lease ran out and a message was claimed again",
    ).toBe(true);
    for (const address of addresses)
      expect(
        smtp.received.filter((mail) => mail.to.includes(address)),
        address,
      ).toHaveLength(1);
  } finally {
    await other?.stop();
    smtpTransport.close();
    await smtp.stop();
  }
});
