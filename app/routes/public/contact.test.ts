import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { type DatabaseHandle, setDatabase } from "~/.server/db";
import { contactMessages } from "~/.server/db/schema";
import { resetLimiters } from "~/.server/security/rate-limit";
import type { ContactFormFailure } from "~/lib/contact-form";
import { createTestDatabase } from "../../../tests/support/test-database";
import { action } from "./contact";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  resetLimiters();
  await database.db.delete(contactMessages);
});

const complete = { name: "Ayesha", phone: "+880 1712 345678", email: "ayesha@example.com", message: "Hello", website: "" };

async function post(fields: Record<string, string>, ip = "198.51.100.7") {
  const request = new Request("http://localhost:3000/contact", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: "http://localhost:3000", "x-onward-client-ip": ip },
  });
  const result = await action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0]);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), failure: undefined };
  const { data, init } = result as unknown as { data: ContactFormFailure; init: { status: number } };
  return { status: init.status, location: null, failure: data };
}

test("a complete message redirects with 303 to /contact and sets the success toast", async () => {
  const answer = await post(complete);
  expect(answer).toMatchObject({ status: 303, location: "/contact" });
  expect(await database.db.select().from(contactMessages)).toHaveLength(1);
});

test("missing fields answer 400 with 'All fields are required', each missing field, and what was typed", async () => {
  const answer = await post({ ...complete, phone: "", message: "  " });
  expect(answer.status).toBe(400);
  expect(answer.failure?.formError).toBe("All fields are required");
  expect(Object.keys(answer.failure?.fieldErrors ?? {}).sort()).toEqual(["message", "phone"]);
  expect(answer.failure?.values).toMatchObject({ name: "Ayesha", email: "ayesha@example.com" });
});

test("a filled honeypot is answered like a success and nothing is stored", async () => {
  const answer = await post({ ...complete, website: "http://spam.example" });
  expect(answer.status).toBe(303);
  expect(await database.db.select().from(contactMessages)).toHaveLength(0);
});

test("a sixth message from one address within ten minutes answers 429 with a readable message", async () => {
  for (let i = 0; i < 5; i++) expect((await post(complete)).status).toBe(303);
  const refused = await post(complete);
  expect(refused.status).toBe(429);
  expect(refused.failure?.formError).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
  expect(refused.failure?.values.message).toBe("Hello");
  // Another address is not affected.
  expect((await post(complete, "198.51.100.8")).status).toBe(303);
});

test("an unexpected failure says 'Something went wrong, please try again later' and keeps the text", async () => {
  await database.db.execute("alter table contact_messages rename to contact_messages_away");
  try {
    const answer = await post({ ...complete, message: "Please keep this text" });
    expect(answer.status).toBe(500);
    expect(answer.failure?.formError).toBe("Something went wrong, please try again later");
    expect(answer.failure?.values.message).toBe("Please keep this text");
  } finally {
    await database.db.execute("alter table contact_messages_away rename to contact_messages");
  }
});
