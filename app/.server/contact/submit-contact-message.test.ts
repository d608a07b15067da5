import { eq } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { db } from "../db";
import { contactMessages, mailOutbox } from "../db/schema";
import { AppError } from "../errors";
import { setSiteSetting } from "../settings/site-settings";
import { submitContactMessage } from "./submit-contact-message";

withTestDatabase();
beforeEach(async () => {
  await db().delete(contactMessages);
  await db().delete(mailOutbox);
});

const valid = {
  kind: "contact" as const,
  name: "Ayesha Rahman",
  phone: "+880 1712-345678",
  email: "ayesha@example.com",
  message: "I want to study in Finland.",
};

test("a message is stored and the staff notification is queued with it", async () => {
  await setSiteSetting("staffEmail", "inbox@onward.test");
  const result = await submitContactMessage(valid);
  expect(result.status).toBe("stored");

  const rows = await db().select().from(contactMessages);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ kind: "contact", name: "Ayesha Rahman", email: "ayesha@example.com", handledAt: null });
  const mails = await db().select().from(mailOutbox);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.to).toBe("inbox@onward.test");
  expect(mails[0]?.subject).toContain("Ayesha Rahman");
  expect(mails[0]?.text).toContain("I want to study in Finland.");
});

test("when the mail cannot be queued, the message is not stored either", async () => {
  // Take the outbox away for the duration of this call, so queueing the mail fails inside the transaction.
  await db().execute("alter table mail_outbox rename to mail_outbox_away");
  try {
    await expect(submitContactMessage(valid)).rejects.toThrow();
  } finally {
    await db().execute("alter table mail_outbox_away rename to mail_outbox");
  }
  expect(await db().select().from(contactMessages)).toHaveLength(0);
});

test("an IELTS enrollment request is stored with its kind", async () => {
  await submitContactMessage({ ...valid, kind: "ielts_enrolment", message: "Enrollment request for the online IELTS course." });
  const [row] = await db().select().from(contactMessages);
  expect(row?.kind).toBe("ielts_enrolment");
  const [mail] = await db().select().from(mailOutbox);
  expect(mail?.subject).toContain("IELTS enrollment");
});

test("a filled honeypot is answered like a person but nothing is stored or mailed", async () => {
  const result = await submitContactMessage({ ...valid, honeypot: "https://spam.example" });
  expect(result.status).toBe("ignored");
  expect(await db().select().from(contactMessages)).toHaveLength(0);
  expect(await db().select().from(mailOutbox)).toHaveLength(0);
});

test("missing fields are each reported, and flagged as missing", async () => {
  const error = await submitContactMessage({ ...valid, name: " ", email: "" }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  const validation = error as AppError;
  expect(validation.code).toBe("INVALID");
  expect(validation.message).toBe("All fields are required");
  expect(Object.keys(validation.fieldErrors).sort()).toEqual(["email", "name"]);
});

test("a message over 5,000 characters is refused, and 5,000 exactly is accepted", async () => {
  const error = await submitContactMessage({ ...valid, message: "a".repeat(5_001) }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).message).toBe("Please correct the marked fields");
  expect((error as AppError).fieldErrors.message).toMatch(/too long/);
  expect(await db().select().from(contactMessages)).toHaveLength(0);

  await submitContactMessage({ ...valid, message: "a".repeat(5_000) });
  expect(await db().select().from(contactMessages)).toHaveLength(1);
});

test("e-mail and phone must look like an e-mail address and a phone number", async () => {
  const error = (await submitContactMessage({ ...valid, email: "not-an-email", phone: "call me" }).catch(
    (caught: unknown) => caught,
  )) as AppError;
  expect(error.fieldErrors.email).toBe("Enter a valid e-mail address");
  expect(error.fieldErrors.phone).toMatch(/valid phone number/);
  expect(error.message).not.toBe("All fields are required");
});

test("HTML in a message is stored exactly as typed, as text", async () => {
  const html = '<script>alert("x")</script><b>bold</b>';
  const result = await submitContactMessage({ ...valid, message: html });
  if (result.status !== "stored") throw new Error("expected the message to be stored");
  const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, result.id));
  expect(row?.message).toBe(html);
  const [mail] = await db().select().from(mailOutbox);
  expect(mail?.html).not.toContain("<script>");
  expect(mail?.html).toContain("&#60;script&#62;");
});
