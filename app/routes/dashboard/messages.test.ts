import { expect, test } from "vitest";
import { listContactMessages } from "~/.server/contact/list-contact-messages";
import { submitContactMessage } from "~/.server/contact/submit-contact-message";
import { createUser, type TestUser } from "../../../tests/support/accounts";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import * as contact from "../public/contact";
import * as messages from "./messages";

withTestDatabase();

type Inbox = Awaited<ReturnType<typeof messages.loader>>;
const inbox = (user: TestUser | null, options: { search?: string; form?: Record<string, string> } = {}) =>
  callRoute<Inbox>(messages, {
    path: `/dashboard/messages${options.search ?? ""}`,
    pattern: "/dashboard/messages",
    form: options.form,
    headers: user ? { Cookie: user.cookie } : {},
  });
/** The page as a signed-in person sees it (the test fails on any refusal). */
async function page(user: TestUser, search = "") {
  const answer = await inbox(user, { search });
  expect(answer.status).toBe(200);
  return answer.data;
}

async function store(name: string, message = "Hello") {
  const stored = await submitContactMessage({ kind: "contact", name, phone: "01712345678", email: "rafi@example.com", message });
  if (stored.status !== "stored") throw new Error("not stored");
  return stored.id;
}

/** The message as the inbox lists it (it is among the newest when a test looks it up). */
async function inInbox(id: number) {
  return (await listContactMessages({ page: 1, pageSize: 100 })).items.find((message) => message.id === id);
}

test("a signed-out visitor is sent to /login, for the page and for the action", async () => {
  const page = await inbox(null);
  expect(page.status).toBe(302);
  expect(page.location).toMatch(/^\/login\?redirectTo=%2Fdashboard%2Fmessages/);
  const post = await inbox(null, { form: { id: "1" } });
  expect(post.status).toBe(302);
  expect(post.location).toMatch(/^\/login/);
});

test("a student and a consultant are refused with 403, and nothing is marked", async () => {
  const id = await store("Rafi");
  for (const role of ["student", "consultant"] as const) {
    const user = await createUser({ role });
    expect((await inbox(user)).status).toBe(403);
    expect((await inbox(user, { form: { id: String(id) } })).status).toBe(403);
  }
  expect((await inInbox(id))?.handledAt).toBeNull();
});

test("a manager reads messages newest first, 20 a page, with HTML kept as text", async () => {
  const before = (await listContactMessages({ page: 1 })).total;
  for (let index = 1; index <= 23; index++) await store(`Person ${index}`, index === 23 ? "<b>newest</b>" : `Message ${index}`);
  const manager = await createUser({ role: "manager" });
  const first = await page(manager);
  expect(first.total).toBe(before + 23);
  expect(first.pageCount).toBe(Math.ceil((before + 23) / 20));
  expect(first.pageSize).toBe(20);
  expect(first.items).toHaveLength(20);
  expect(first.items[0]?.name).toBe("Person 23");
  expect(first.items[0]?.message).toBe("<b>newest</b>");
  const second = await page(manager, "?page=2");
  expect(second.page).toBe(2);
  expect(second.items.slice(0, 3).map((message) => message.name)).toEqual(["Person 3", "Person 2", "Person 1"]);
});

test.each(["1e21", "99999999999999999999", "Infinity"])("?page=%s shows the last page", async (value) => {
  const manager = await createUser({ role: "manager" });
  const result = await page(manager, `?page=${value}`);
  expect(result.page).toBe(result.pageCount);
  expect(result.items.length).toBeGreaterThan(0);
});

test.each(["0", "-3", "abc", "1.5", ""])("?page=%s shows the first page", async (value) => {
  const manager = await createUser({ role: "manager" });
  expect((await page(manager, `?page=${value}`)).page).toBe(1);
});

test("a manager (and an admin) marks a message as handled, recording who and when", async () => {
  const id = await store("Mitu", "Hi");
  const manager = await createUser({ role: "manager", name: "Manager Mina" });
  const response = await inbox(manager, { search: "?page=2&x=1", form: { id: String(id) } });
  expect(response.status).toBe(302);
  // Back to the page the message was on, other parameters kept.
  expect(response.location).toBe("/dashboard/messages?page=2&x=1");
  const row = await inInbox(id);
  expect(row?.handledByName).toBe("Manager Mina");
  expect(row?.handledAt).toBeInstanceOf(Date);

  const admin = await createUser({ role: "admin" });
  expect((await inbox(admin, { form: { id: "999999" } })).status).toBe(404);
});

test("a message sent through the contact form appears at the top of a manager's inbox, escaped as text", async () => {
  const sent = await callRoute(contact, {
    path: "/contact",
    clientIp: "203.0.113.9",
    form: {
      name: "Sadia <i>Islam</i>",
      phone: "+880 1812 345678",
      email: "sadia@example.com",
      message: "<img src=x onerror=alert(1)> Finland in 2027?",
      website: "",
    },
  });
  expect(sent.status).toBe(303);

  const manager = await createUser({ role: "manager" });
  const inboxPage = await page(manager);
  expect(inboxPage.items[0]).toMatchObject({
    kind: "contact",
    name: "Sadia <i>Islam</i>",
    message: "<img src=x onerror=alert(1)> Finland in 2027?",
    handledAt: null,
  });
});
