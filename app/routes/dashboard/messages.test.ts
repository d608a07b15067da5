import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { getAuth } from "~/.server/auth/auth";
import { submitContactMessage } from "~/.server/contact/submit-contact-message";
import { type DatabaseHandle, setDatabase } from "~/.server/db";
import { contactMessages, users } from "~/.server/db/schema";
import type { Role } from "~/lib/roles";
import { createTestDatabase } from "../../../tests/support/test-database";
import { action as contactAction } from "../public/contact";
import { action, loader } from "./messages";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
});
afterAll(async () => {
  await database.close();
});

const origin = "http://localhost:3000";

/** Signs a new person up through better-auth, gives them `role`, and returns their session cookie. */
async function signedIn(role: Role): Promise<{ cookie: string; id: string }> {
  const email = `${role}-${crypto.randomUUID()}@onward.test`;
  const { headers } = await getAuth().api.signUpEmail({
    body: { name: `A ${role}`, email, password: "correct horse battery" },
    returnHeaders: true,
  });
  await database.db.update(users).set({ role }).where(eq(users.email, email));
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { cookie, id: user?.id ?? "" };
}

function inboxRequest(cookie: string | undefined, init: RequestInit = {}, search = "") {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  headers.set("Origin", origin);
  return new Request(`${origin}/dashboard/messages${search}`, { ...init, headers });
}

type Args = Parameters<typeof loader>[0];
const args = (request: Request) => ({ request, params: {}, context: {} }) as unknown as Args;

async function statusOf(promise: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      return { status: (thrown as { init: { status: number } }).init.status };
    }
    throw thrown;
  }
  return { status: 200 };
}

const markForm = (id: number) => ({ method: "POST", body: new URLSearchParams({ id: String(id) }) });

test("a signed-out visitor is sent to /login, for the page and for the action", async () => {
  const page = await statusOf(loader(args(inboxRequest(undefined))));
  expect(page.status).toBe(302);
  expect(page.location).toMatch(/^\/login\?redirectTo=%2Fdashboard%2Fmessages/);
  const post = await statusOf(action(args(inboxRequest(undefined, markForm(1)))));
  expect(post.status).toBe(302);
  expect(post.location).toMatch(/^\/login/);
});

test("a student and a consultant are refused with 403, and nothing is marked", async () => {
  const stored = await submitContactMessage({
    kind: "contact",
    name: "Rafi",
    phone: "01712345678",
    email: "rafi@example.com",
    message: "Hello",
  });
  if (stored.status !== "stored") throw new Error("not stored");
  for (const role of ["student", "consultant"] as const) {
    const { cookie } = await signedIn(role);
    expect((await statusOf(loader(args(inboxRequest(cookie))))).status).toBe(403);
    expect((await statusOf(action(args(inboxRequest(cookie, markForm(stored.id)))))).status).toBe(403);
  }
  const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, stored.id));
  expect(row?.handledAt).toBeNull();
});

test("a manager reads messages newest first, 20 a page, with HTML kept as text", async () => {
  await database.db.delete(contactMessages);
  const base = Date.now() - 60 * 60_000;
  await database.db.insert(contactMessages).values(
    Array.from({ length: 23 }, (_, index) => ({
      kind: index % 2 === 0 ? ("contact" as const) : ("ielts_enrolment" as const),
      name: `Person ${index + 1}`,
      phone: "01712345678",
      email: `person${index + 1}@example.com`,
      message: index === 22 ? "<b>newest</b>" : `Message ${index + 1}`,
      createdAt: new Date(base + index * 60_000),
    })),
  );
  const { cookie } = await signedIn("manager");
  const first = await loader(args(inboxRequest(cookie)));
  expect(first.total).toBe(23);
  expect(first.pageCount).toBe(2);
  expect(first.messages).toHaveLength(20);
  expect(first.messages[0]?.name).toBe("Person 23");
  expect(first.messages[0]?.message).toBe("<b>newest</b>");
  expect(first.messages.map((message) => message.kind)).toContain("ielts_enrolment");
  const second = await loader(args(inboxRequest(cookie, {}, "?page=2")));
  expect(second.messages.map((message) => message.name)).toEqual(["Person 3", "Person 2", "Person 1"]);
});

test("a manager (and an admin) marks a message as handled, recording who and when", async () => {
  const stored = await submitContactMessage({
    kind: "contact",
    name: "Mitu",
    phone: "01712345678",
    email: "mitu@example.com",
    message: "Hi",
  });
  if (stored.status !== "stored") throw new Error("not stored");
  const manager = await signedIn("manager");
  const response = await action(args(inboxRequest(manager.cookie, markForm(stored.id))));
  expect(response.status).toBe(302);
  const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, stored.id));
  expect(row?.handledBy).toBe(manager.id);
  expect(row?.handledAt).toBeInstanceOf(Date);

  const admin = await signedIn("admin");
  const missing = await statusOf(action(args(inboxRequest(admin.cookie, markForm(999_999)))));
  expect(missing.status).toBe(404);
});

test("a message sent through the contact form appears at the top of a manager's inbox, escaped as text", async () => {
  const body = new URLSearchParams({
    name: "Sadia <i>Islam</i>",
    phone: "+880 1812 345678",
    email: "sadia@example.com",
    message: "<img src=x onerror=alert(1)> Finland in 2027?",
    website: "",
  });
  const sent = await contactAction({
    request: new Request(`${origin}/contact`, { method: "POST", body, headers: { Origin: origin, "x-onward-client-ip": "203.0.113.9" } }),
    params: {},
    context: {},
  } as unknown as Parameters<typeof contactAction>[0]);
  expect(sent).toBeInstanceOf(Response);
  expect((sent as Response).status).toBe(303);

  const { cookie } = await signedIn("manager");
  const inbox = await loader(args(inboxRequest(cookie)));
  expect(inbox.messages[0]).toMatchObject({
    kind: "contact",
    name: "Sadia <i>Islam</i>",
    message: "<img src=x onerror=alert(1)> Finland in 2027?",
    handledAt: null,
  });
});
