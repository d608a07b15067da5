import type { SubmissionResult } from "@conform-to/react";
import { beforeEach, expect, test } from "vitest";
import { contactMessages } from "~/.server/db/schema";
import { requestStorage } from "~/.server/request-context";
import { resetLimiters } from "~/.server/security/rate-limit";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import * as contactRoute from "./contact";

const testDatabase = withTestDatabase();
const db = () => testDatabase.handle().db;
beforeEach(async () => {
  resetLimiters();
  await db().delete(contactMessages);
});

const complete = { name: "Ayesha", phone: "+880 1712 345678", email: "ayesha@example.com", message: "Hello", website: "" };

async function post(fields: Record<string, string>, ip = "198.51.100.7") {
  const answer = await callRoute<{ result: SubmissionResult<string[]> } | undefined>(contactRoute, {
    path: "/contact",
    form: fields,
    clientIp: ip,
  });
  return { ...answer, result: answer.data?.result };
}

test("a complete message redirects with 303 to /contact and sets the success toast", async () => {
  const answer = await post(complete);
  expect(answer).toMatchObject({ status: 303, location: "/contact" });
  expect(answer.headers.get("Set-Cookie")).toContain("onward.toast");
  expect(await db().select().from(contactMessages)).toHaveLength(1);
});

test("missing fields answer 400 with 'This field is required' on each, and what was typed", async () => {
  const answer = await post({ ...complete, phone: "", message: "  " });
  expect(answer.status).toBe(400);
  expect(answer.result?.error).toMatchObject({ phone: ["This field is required"], message: ["This field is required"] });
  expect(Object.keys(answer.result?.error ?? {}).sort()).toEqual(["message", "phone"]);
  expect(answer.result?.initialValue).toMatchObject({ name: "Ayesha", email: "ayesha@example.com" });
  expect(await db().select().from(contactMessages)).toHaveLength(0);
});

test("the Bangla form posted empty answers 400 with every message in Bangla", async () => {
  const answer = await requestStorage.run({ requestId: "test", nonce: "test", clientIp: "198.51.100.9", locale: "bn" }, () =>
    post({ name: "", phone: "", email: "", message: "", website: "" }, "198.51.100.9"),
  );
  expect(answer.status).toBe(400);
  const required = ["এই ঘরটি পূরণ করতে হবে"];
  expect(answer.result?.error).toEqual({ name: required, phone: required, email: required, message: required });
});

test("a phone number typed in Bangla digits is accepted and stored in ASCII digits", async () => {
  const answer = await post({ ...complete, phone: "০১৭১১-২৩৪৫৬৭" });
  expect(answer.status).toBe(303);
  const [stored] = await db().select().from(contactMessages);
  expect(stored?.phone).toBe("01711-234567");
});

test("a value longer than its field's limit is refused and never echoed back", async () => {
  const huge = "x".repeat(100_000);
  const answer = await post({ ...complete, name: huge, message: huge });
  expect(answer.status).toBe(400);
  expect(answer.result?.error?.name?.[0]).toMatch(/under 200 characters/);
  expect(answer.result?.error?.message?.[0]).toMatch(/too long/);
  expect(answer.result?.initialValue).toMatchObject({ email: "ayesha@example.com" });
  expect(answer.result?.initialValue).not.toHaveProperty("name");
  expect(answer.result?.initialValue).not.toHaveProperty("message");
  expect(JSON.stringify(answer.data).length).toBeLessThan(2_000);
});

test("a filled honeypot is answered like a success and nothing is stored", async () => {
  const answer = await post({ ...complete, website: "http://spam.example" });
  expect(answer.status).toBe(303);
  expect(await db().select().from(contactMessages)).toHaveLength(0);
});

test("a sixth message from one address within ten minutes answers 429 with Retry-After and a readable message", async () => {
  for (let i = 0; i < 5; i++) expect((await post(complete)).status).toBe(303);
  const refused = await post(complete);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(refused.result?.error?.[""]?.[0]).toMatch(
    /^You have sent several messages in a short time\. Too many attempts\. Please wait \d+ minutes? and try again\.$/,
  );
  expect(refused.result?.initialValue).toMatchObject({ message: "Hello" });
  // Another address is not affected.
  expect((await post(complete, "198.51.100.8")).status).toBe(303);
});

test("an unexpected failure says 'Something went wrong, please try again later' and keeps the text", async () => {
  await db().execute("alter table contact_messages rename to contact_messages_away");
  try {
    const answer = await post({ ...complete, message: "Please keep this text" });
    expect(answer.status).toBe(500);
    expect(answer.result?.error?.[""]).toEqual(["Something went wrong, please try again later"]);
    expect(answer.result?.initialValue).toMatchObject({ message: "Please keep this text" });
  } finally {
    await db().execute("alter table contact_messages_away rename to contact_messages");
  }
});
