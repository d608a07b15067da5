import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bookSlot } from "~/.server/bookings/book-slot";
import { submitContactMessage } from "~/.server/contact/submit-contact-message";
import { managementOperations } from "~/routes/api/v1/management.server";
import { NOT_A_FIELD } from "~/routes/api/v1/respond.server";
import { createUser, type TestUser } from "../support/accounts";
import { type ApiClient, apiClient } from "../support/api-client";
import { tinyPng } from "../support/applications";
import { bookingContact, createConsultant, createSlot } from "../support/booking";
import { sessionOf } from "../support/members";
import { loggedErrors, type ServerProcess, startServer } from "../support/server-process";
import { onServerDatabase } from "../support/server-users";
import { createServerEnvironment } from "../support/test-database";

// The managers' operations of the JSON API (site settings, the contact inbox, consultants, every
// booking) over real HTTP against the built server, each checked against the OpenAPI document:
// a success read back, and the refusals of the wrong person and of bad input, which change nothing.
let server: ServerProcess;
let cleanup: (() => Promise<void>) | undefined;
let student: TestUser;
let consultant: TestUser;
let manager: TestUser;
let consultantId: string;
let bookingId: string;
let slotStart: Date;
let messageId: number;
let api: ApiClient;
const call: ApiClient["call"] = (...args) => api.call(...args);
let tokens: { student: string; consultant: string; manager: string };

beforeAll(async () => {
  const environment = await createServerEnvironment();
  cleanup = environment.cleanup;
  ({ student, consultant, manager, consultantId, bookingId, slotStart, messageId } = await onServerDatabase(environment.env, async () => {
    const [student, manager] = [await createUser({ verified: true }), await createUser({ role: "manager", verified: true })];
    const owner = await createConsultant({ manager });
    const slot = await createSlot(owner);
    const { bookingId } = await bookSlot({
      student: await sessionOf(student),
      consultantId: owner.consultant.id,
      fields: { slot: slot.id, ...bookingContact(student) },
    });
    const stored = await submitContactMessage({
      kind: "contact",
      name: "Rahim Uddin",
      email: "rahim@example.com",
      phone: "+8801711000000",
      message: "Which intake suits me?",
    });
    if (stored.status !== "stored") throw new Error("the contact message was not stored");
    return {
      student,
      consultant: owner.user,
      manager,
      consultantId: owner.consultant.id,
      bookingId,
      slotStart: slot.startsAt,
      messageId: stored.id,
    };
  }));
  server = await startServer({ ...environment.env, LOG_LEVEL: "warn" });
  api = await apiClient(server.url);
  const [studentToken, consultantToken, managerToken] = await Promise.all([student, consultant, manager].map((user) => api.tokenOf(user)));
  tokens = { student: studentToken as string, consultant: consultantToken as string, manager: managerToken as string };
});
afterAll(async () => {
  await server?.stop();
  await cleanup?.();
});

/** The refusal's status, code and field problems. */
const refusal = (answer: Awaited<ReturnType<ApiClient["call"]>>) => [answer.status, answer.body.error?.code, answer.body.error?.fields];

describe("site settings", () => {
  const settings = async () => (await call("getSiteSettings", { token: tokens.manager })).body.data as Record<string, string>;
  const contactPage = async () => (await fetch(`${server.url}/contact`)).text();

  test("a manager reads every setting under its form name; anyone else is refused", async () => {
    expect(await settings()).toMatchObject({
      contactEmail: "info@onward.com.bd",
      contactPhone: "",
      "social.facebook": "",
      "rates.USD": "122",
    });
    expect(refusal(await call("getSiteSettings"))).toEqual([401, "UNAUTHENTICATED", undefined]);
    expect(refusal(await call("getSiteSettings", { token: tokens.consultant }))).toEqual([403, "FORBIDDEN", undefined]);
  });

  test("a change is read back at once, by the API and on the public contact page; only the fields sent change, and one sent empty is cleared", async () => {
    // The contact page is rendered (and kept for visitors) before the change.
    expect(await contactPage()).not.toContain("+880 1811-223344");
    const saved = await call("updateSiteSettings", {
      token: tokens.manager,
      json: { contactPhone: " +880 1811-223344 ", "social.facebook": "https://facebook.com/onward.bd", "rates.USD": 121.5 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      changed: ["contactPhone", "social.facebook", "rates.USD"],
      settings: {
        contactPhone: "+880 1811-223344",
        "social.facebook": "https://facebook.com/onward.bd",
        "rates.USD": "121.5",
        city: "Dhaka",
      },
    });
    expect(await settings()).toMatchObject({ contactPhone: "+880 1811-223344", "rates.USD": "121.5", contactEmail: "info@onward.com.bd" });
    expect(await contactPage()).toContain("+880 1811-223344");

    const same = await call("updateSiteSettings", { token: tokens.manager, json: { contactPhone: "+880 1811-223344" } });
    expect(same.body.data).toMatchObject({ changed: [] });
    const cleared = await call("updateSiteSettings", { token: tokens.manager, json: { "social.facebook": "" } });
    expect(cleared.body.data).toMatchObject({
      changed: ["social.facebook"],
      settings: { "social.facebook": "", contactPhone: "+880 1811-223344" },
    });
  });

  test("bad values are refused by field in the form's words, a required setting cannot be emptied, and nothing changes", async () => {
    const before = await settings();
    const bad = await call("updateSiteSettings", {
      token: tokens.manager,
      json: { contactPhone: "call me", "social.youtube": "http://youtube.com/onward", "booking.cancelCutoffHours": "200", city: "Khulna" },
    });
    expect(refusal(bad)).toEqual([
      400,
      "INVALID",
      {
        contactPhone: "Enter a phone number: digits, spaces, dashes and an optional +",
        "social.youtube": "Enter a full address starting with https://",
        "booking.cancelCutoffHours": "Enter a whole number of hours from 0 to 168",
      },
    ]);
    const emptied = await call("updateSiteSettings", { token: tokens.manager, json: { city: "", contactPhone: "" } });
    expect(refusal(emptied)).toEqual([400, "INVALID", { city: "Enter the city" }]);
    // The form's fieldsets are not fields of their own: a nested object is refused by name.
    const nested = await call("updateSiteSettings", { token: tokens.manager, json: { social: { facebook: "https://facebook.com/x" } } });
    expect(refusal(nested)).toEqual([400, "INVALID", { social: NOT_A_FIELD }]);
    expect(refusal(await call("updateSiteSettings", { token: tokens.consultant, json: { city: "Khulna" } }))).toEqual([
      403,
      "FORBIDDEN",
      undefined,
    ]);
    expect((await call("updateSiteSettings", { json: { city: "Khulna" } })).status).toBe(401);
    expect(await settings()).toEqual(before);
  });

  test("a lone surrogate escape in JSON is stored as U+FFFD, as a browser's form would send it (it answered 500 when the fuzzer sent it, FUZZ_SEED=154728580)", async () => {
    const before = await settings();
    const sent = await call("updateSiteSettings", {
      token: tokens.manager,
      path: "/settings?pageSize=_&__proto__=..%2F..%2Fetc%2Fpasswd",
      body: '{"ielts.regular.fee":"\\ud800 BDT"}',
      headers: { "Content-Type": "application/json" },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ changed: ["ielts.regular.fee"] });
    expect((await settings())["ielts.regular.fee"]).toBe("\uFFFD BDT");
    await call("updateSiteSettings", { token: tokens.manager, json: { "ielts.regular.fee": before["ielts.regular.fee"] } });
    expect(await settings()).toEqual(before);
  });
});

describe("the contact inbox", () => {
  type Message = { id: number; name: string; handledAt: string | null; handledByName: string | null };
  const inbox = async () => (await call("listContactMessages", { token: tokens.manager })).body.data as Message[];

  test("managers list the messages newest first, in pages; others are refused, and a page over 100 is refused", async () => {
    const listed = await call("listContactMessages", { token: tokens.manager, path: "/contact-messages?page=1&pageSize=5" });
    expect(listed.body.meta).toEqual({ page: 1, pageSize: 5, total: 1 });
    expect(listed.body.data).toMatchObject([{ id: messageId, kind: "contact", name: "Rahim Uddin", handledAt: null, handledByName: null }]);
    const tooMany = await call("listContactMessages", { token: tokens.manager, path: "/contact-messages?pageSize=101" });
    expect(refusal(tooMany)).toEqual([400, "INVALID", { pageSize: "Use a whole number from 1 to 100" }]);
    expect((await call("listContactMessages", { token: tokens.student })).status).toBe(403);
    expect((await call("listContactMessages")).status).toBe(401);
  });

  test("a manager marks a message handled, which the list then shows with their name; the wrong person and an unknown id change nothing", async () => {
    const at = (id: string | number) => `/contact-messages/${id}/handled`;
    expect((await call("markContactMessageHandled", { path: at(messageId) })).status).toBe(401);
    expect((await call("markContactMessageHandled", { path: at(messageId), token: tokens.consultant })).status).toBe(403);
    const withBody = await call("markContactMessageHandled", { path: at(messageId), token: tokens.manager, json: { handled: true } });
    expect([withBody.status, withBody.body.error?.message]).toEqual([400, "This call takes no body."]);
    expect((await inbox())[0]?.handledAt).toBeNull();

    for (const id of [messageId + 1000, "abc", "99999999999999999999"]) {
      const unknown = await call("markContactMessageHandled", { path: at(id), token: tokens.manager });
      expect([unknown.status, unknown.body.error?.message], String(id)).toEqual([404, "That message does not exist."]);
    }
    const handled = await call("markContactMessageHandled", { path: at(messageId), token: tokens.manager });
    expect([handled.status, handled.body.data]).toEqual([200, { done: true }]);
    const [message] = await inbox();
    expect(message).toMatchObject({ id: messageId, handledByName: manager.name });
    expect(Number.isNaN(Date.parse(message?.handledAt ?? ""))).toBe(false);
  });
});

describe("consultants", () => {
  type StaffConsultant = { id: string; name: string; profession: string; active: boolean; liveBookings: number; photoUrl: string | null };
  const staffList = async (query = "") =>
    (await call("listStaffConsultants", { token: tokens.manager, path: `/staff/consultants${query}` })).body.data as StaffConsultant[];
  const form = (values: Record<string, string>, photo?: Buffer) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(values)) data.set(name, value);
    if (photo) data.set("profile", new File([new Uint8Array(photo)], "profile.png", { type: "image/png" }));
    return data;
  };
  const edit = {
    name: "Nadia Rahman",
    university: "Aalto University",
    country: "Finland",
    phone: "+358 40 555 6666",
    profession: "Study abroad adviser",
    description: "Helps with Finnish applications and the first weeks in Espoo.",
  };

  test("managers list every consultant with their open bookings, by a part of the e-mail; others are refused", async () => {
    const found = await call("listStaffConsultants", {
      token: tokens.manager,
      path: `/staff/consultants?q=${encodeURIComponent(consultant.email.slice(0, 12))}`,
    });
    expect(found.body.data).toMatchObject([{ id: consultantId, email: consultant.email, active: true, liveBookings: 1 }]);
    expect(found.body.meta).toMatchObject({ page: 1, total: 1 });
    expect(await staffList("?q=nobody-has-this")).toEqual([]);
    const long = await call("listStaffConsultants", { token: tokens.manager, path: `/staff/consultants?q=${"a".repeat(101)}` });
    expect(refusal(long)).toEqual([400, "INVALID", { q: "Use at most 100 characters" }]);
    expect((await call("listStaffConsultants", { token: tokens.consultant })).status).toBe(403);
    expect((await call("listStaffConsultants")).status).toBe(401);
  });

  test("a manager saves the edit form over a consultant, the picture only when one is sent; the wrong person, bad fields and an unknown id change nothing", async () => {
    const at = `/consultants/${consultantId}`;
    const [before] = await staffList(`?q=${encodeURIComponent(consultant.email)}`);
    expect((await call("updateConsultant", { path: at, body: form(edit) })).status).toBe(401);
    expect((await call("updateConsultant", { path: at, token: tokens.consultant, body: form(edit) })).status).toBe(403);
    const bad = await call("updateConsultant", {
      path: at,
      token: tokens.manager,
      body: form({ ...edit, name: "", email: "x@example.com" }),
    });
    expect(refusal(bad)).toEqual([400, "INVALID", { email: NOT_A_FIELD }]);
    const empty = await call("updateConsultant", {
      path: at,
      token: tokens.manager,
      body: form({ ...edit, name: " ", country: "Atlantis" }),
    });
    expect(refusal(empty)).toEqual([400, "INVALID", { name: "This field is required", country: "Choose a country from the list" }]);
    const unknown = await call("updateConsultant", { path: "/consultants/no-such-consultant", token: tokens.manager, body: form(edit) });
    expect(refusal(unknown)).toEqual([404, "NOT_FOUND", undefined]);
    expect(await staffList(`?q=${encodeURIComponent(consultant.email)}`)).toEqual([before]);

    const saved = await call("updateConsultant", { path: at, token: tokens.manager, body: form(edit) });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ id: consultantId, email: consultant.email, active: true, photoUrl: before?.photoUrl, ...edit });
    expect(await staffList(`?q=${encodeURIComponent(consultant.email)}`)).toMatchObject([{ name: edit.name, profession: edit.profession }]);
    const page = await call("getConsultant", { path: at, token: tokens.student });
    expect(page.body.data).toMatchObject({ name: edit.name, description: edit.description });

    const photographed = await call("updateConsultant", {
      path: at,
      token: tokens.manager,
      body: form(edit, await tinyPng("#0f766e", 80)),
    });
    const { photoUrl } = photographed.body.data as { photoUrl: string };
    expect(photoUrl).toMatch(/^\/consultant-photos\//);
    expect(photoUrl).not.toBe(before?.photoUrl);
    expect((await fetch(`${server.url}${photoUrl}`)).status).toBe(200);
  });

  test("a manager deactivates a consultant, who can no longer be booked, and activates them again; others and bad values are refused", async () => {
    const at = (id: string) => `/consultants/${id}/active`;
    const bookable = async () => (await call("getConsultant", { path: `/consultants/${consultantId}`, token: tokens.student })).status;
    expect((await call("setConsultantActive", { path: at(consultantId), json: { active: false } })).status).toBe(401);
    expect((await call("setConsultantActive", { path: at(consultantId), token: tokens.consultant, json: { active: false } })).status).toBe(
      403,
    );
    const text = await call("setConsultantActive", { path: at(consultantId), token: tokens.manager, json: { active: "no" } });
    expect(refusal(text)).toEqual([400, "INVALID", { active: "Choose whether the consultant is active: true or false" }]);
    const unknown = await call("setConsultantActive", { path: at("no-such-consultant"), token: tokens.manager, json: { active: false } });
    expect(refusal(unknown)).toEqual([404, "NOT_FOUND", undefined]);
    expect(await bookable()).toBe(200);

    const off = await call("setConsultantActive", { path: at(consultantId), token: tokens.manager, json: { active: false } });
    expect(off.body.data).toEqual({ id: consultantId, active: false });
    expect(await staffList(`?q=${encodeURIComponent(consultant.email)}`)).toMatchObject([{ active: false }]);
    expect(await bookable()).toBe(404);
    const on = await call("setConsultantActive", { path: at(consultantId), token: tokens.manager, json: { active: true } });
    expect(on.body.data).toEqual({ id: consultantId, active: true });
    expect(await bookable()).toBe(200);
  });
});

describe("every booking", () => {
  const day = (instant: Date, plusDays: number) => new Date(instant.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);
  const ids = async (query: string) =>
    ((await call("listAllBookings", { token: tokens.manager, path: `/bookings${query}` })).body.data as { id: string }[]).map(
      (booking) => booking.id,
    );

  test("managers list every consultant's bookings with the page's filters: consultant, status and days", async () => {
    const all = await call("listAllBookings", { token: tokens.manager });
    expect(all.body.data).toMatchObject([
      { id: bookingId, consultantId, status: "pending", email: student.email, startsAt: slotStart.toISOString() },
    ]);
    expect(all.body.meta).toMatchObject({ page: 1, total: 1 });
    expect(await ids(`?consultant=${consultantId}&status=pending`)).toEqual([bookingId]);
    expect(await ids("?status=accepted")).toEqual([]);
    expect(await ids(`?from=${day(slotStart, -1)}&to=${day(slotStart, 1)}`)).toEqual([bookingId]);
    expect(await ids(`?from=${day(slotStart, 2)}`)).toEqual([]);
    expect(await ids(`?to=${day(slotStart, -2)}`)).toEqual([]);
  });

  test("bad filters are refused by name, and only managers may list", async () => {
    const bad = await call("listAllBookings", { token: tokens.manager, path: "/bookings?status=done&from=2026-02-30&to=30-11-2026" });
    expect(refusal(bad)).toEqual([
      400,
      "INVALID",
      {
        status: "Use one of pending, accepted, rejected, completed, cancelled",
        from: "That date does not exist",
        to: "Enter the date as YYYY-MM-DD",
      },
    ]);
    const unknown = await call("listAllBookings", { token: tokens.manager, path: "/bookings?consultant=no-such-consultant" });
    expect(refusal(unknown)).toEqual([400, "INVALID", { consultant: "Choose a consultant from the list" }]);
    expect((await call("listAllBookings", { token: tokens.consultant })).status).toBe(403);
    expect((await call("listAllBookings", { token: tokens.student })).status).toBe(403);
    expect((await call("listAllBookings")).status).toBe(401);
  });
});

describe("coverage", () => {
  test("every operation of the managers' file answered with a success, and nothing was logged at error", () => {
    expect(managementOperations.map((operation) => operation.id).filter((id) => !api.succeeded.has(id))).toEqual([]);
    expect(loggedErrors(server)).toEqual([]);
  });
});
