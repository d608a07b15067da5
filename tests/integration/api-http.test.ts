import SwaggerParser from "@apidevtools/swagger-parser";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addMember } from "~/.server/networking/add-member";
import { documentFields } from "~/lib/applications";
import { CONTROL_CHARACTERS_REMOVED, ONE_LINE_ONLY } from "~/lib/form-text";
import routes from "~/routes";
import { operations } from "~/routes/api/v1/operations.server";
import { createUser, type TestUser } from "../support/accounts";
import { type Answer, type ApiClient, type ApiDocument, apiClient } from "../support/api-client";
import { createSubmittedApplication, tinyPdf, tinyPng } from "../support/applications";
import { consultantFields, createConsultant, wallClock } from "../support/booking";
import { memberChoices, memberFields, memberPhoto, sessionOf } from "../support/members";
import { loggedErrors, type ServerProcess, startServer } from "../support/server-process";
import { onServerDatabase, signInOverHttp } from "../support/server-users";
import { createServerEnvironment } from "../support/test-database";

// The JSON API over real HTTP against the built server: every operation of its OpenAPI document is
// called here (at least by the wrong person), and every answer is checked against that document
// (ADR 033). The account, management, file and checklist operations are driven to success in
// api-http-account, api-http-management and api-http-files.test.ts.
let server: ServerProcess;
let cleanup: (() => Promise<void>) | undefined;
let student: TestUser;
let other: TestUser;
let consultant: TestUser;
let manager: TestUser;
/** The student's submitted application. */
let applicationId: string;
/** A networking member, Active. */
let memberId: string;
let api: ApiClient;
let document: ApiDocument;
const call: ApiClient["call"] = (...args) => api.call(...args);
const tokenOf: ApiClient["tokenOf"] = (...args) => api.tokenOf(...args);

beforeAll(async () => {
  const environment = await createServerEnvironment();
  cleanup = environment.cleanup;
  ({ student, other, consultant, manager, applicationId, memberId } = await onServerDatabase(environment.env, async () => {
    const [student, other, manager] = [
      await createUser({ verified: true }),
      await createUser({ verified: true }),
      await createUser({ role: "manager", verified: true }),
    ];
    const { user: consultant } = await createConsultant({ manager });
    const { id: applicationId } = await createSubmittedApplication(await sessionOf(student));
    const member = await addMember({
      actor: await sessionOf(manager),
      fields: memberFields({ name: "Tanvir Hasan" }),
      photo: await memberPhoto(),
      choices: memberChoices,
    });
    return { student, other, consultant, manager, applicationId, memberId: member.id };
  }));
  server = await startServer({ ...environment.env, LOG_LEVEL: "warn", API_CORS_ORIGINS: "https://app.example.com" });
  api = await apiClient(server.url);
  document = api.document;
});
afterAll(async () => {
  await server?.stop();
  await cleanup?.();
});

describe("the document", () => {
  test("is a valid OpenAPI 3.1 document listing exactly the operations the router serves, and the only routes under /api/v1", async () => {
    expect(document.openapi).toBe("3.1.0");
    await SwaggerParser.validate(structuredClone(document) as never);
    const documented = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(documented.sort()).toEqual(operations.map((operation) => operation.id).sort());
    // The route table under /api/v1: the splat that serves them all, and the paths that need a larger body limit
    // (an upload, the forms with a picture), each of which is a path of the document.
    const apiRoutes = (routes as RouteConfigEntry[]).filter((entry) => entry.path?.startsWith("api/v1"));
    expect(apiRoutes.filter((entry) => entry.file !== "routes/api/v1.ts").every((entry) => entry.file.startsWith("routes/api/v1-"))).toBe(
      true,
    );
    expect(apiRoutes.filter((entry) => entry.file === "routes/api/v1.ts").map((entry) => entry.path)).toEqual(["api/v1/*"]);
    const paths = new Set(Object.keys(document.paths).map((path) => `api/v1${path.replace(/\{\w+\}/g, ":")}`));
    for (const entry of apiRoutes.filter((route) => route.path !== "api/v1/*")) {
      expect(paths, entry.path).toContain(entry.path?.replace(/:\w+/g, ":"));
    }
  });
});

describe("accounts", () => {
  test("login hands out a token that /me accepts only as a bearer header; logout ends it", async () => {
    const token = await tokenOf(student);
    const me = await call("me", { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: student.email, role: "student" });

    // No token, a garbage one, a session cookie, or the token in the query string: 401.
    const credentials: Record<string, string>[] = [
      {},
      { Authorization: "Bearer garbage.token" },
      { Cookie: `onward.session_token=${encodeURIComponent(token)}` },
      // The pages' own session cookie, from signing in on /login.
      { Cookie: await signInOverHttp(server, student) },
    ];
    for (const headers of credentials) {
      const refused = await call("me", { headers });
      expect(refused.status).toBe(401);
      expect(refused.body.error?.code).toBe("UNAUTHENTICATED");
      expect(refused.headers.get("WWW-Authenticate")).toContain("Bearer");
    }
    expect((await call("me", { path: `/me?token=${encodeURIComponent(token)}` })).status).toBe(401);

    expect((await call("logout")).status).toBe(401);
    expect((await call("logout", { token })).status).toBe(200);
    expect((await call("me", { token })).status).toBe(401);
  });

  test("a wrong password is 401 in the envelope; a missing one is 400 with the form's words", async () => {
    const wrong = await call("login", { json: { email: student.email, password: "not the password" } });
    expect([wrong.status, wrong.body.error?.code, wrong.body.error?.message]).toEqual([
      401,
      "UNAUTHENTICATED",
      "Invalid email or password",
    ]);
    const missing = await call("login", { json: { email: student.email } });
    expect([missing.status, missing.body.error?.fields?.password]).toEqual([400, "Enter your password"]);
  });

  test("sign-up answers 202 alike for a new and a taken e-mail, with no token, and refuses a field it does not take", async () => {
    const form = { name: "Api Newcomer", password: "a long new passphrase", confirmPassword: "a long new passphrase" };
    const fresh = await call("signUp", { json: { ...form, email: "api.newcomer@onward.test" } });
    const taken = await call("signUp", { json: { ...form, email: student.email } });
    expect([fresh.status, taken.status]).toEqual([202, 202]);
    expect(taken.body).toEqual(fresh.body);
    expect(JSON.stringify(fresh.body)).not.toContain("token");
    const withRole = await call("signUp", {
      body: `{"name":"X","email":"x@onward.test","password":"a long passphrase","confirmPassword":"a long passphrase","role":"admin","__proto__":{"role":"admin"}}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(withRole.status).toBe(400);
    // Object.entries: `__proto__` as a literal key would set a prototype instead of naming a field.
    expect(Object.entries(withRole.body.error?.fields ?? {})).toEqual([
      ["role", "This field is not accepted here."],
      ["__proto__", "This field is not accepted here."],
    ]);
  });
});

describe("profiles and users", () => {
  test("one's own profile and a student's academic profile, as JSON numbers or text; staff have no academic profile", async () => {
    const [studentToken, consultantToken] = await Promise.all([tokenOf(student), tokenOf(consultant)]);
    const updated = await call("updateOwnProfile", {
      token: studentToken,
      json: { name: "Nusrat Jahan", phone: "+880 1711 000000", address: "Dhanmondi, Dhaka", timeZone: "Asia/Dhaka" },
    });
    expect(updated.body.data).toMatchObject({ name: "Nusrat Jahan", phone: "+880 1711 000000", email: student.email, role: "student" });
    expect(
      (await call("updateOwnProfile", { token: studentToken, json: { name: "X", email: "else@onward.test" } })).body.error?.fields,
    ).toEqual({
      email: "This field is not accepted here.",
    });
    expect((await call("updateOwnProfile", { json: { name: "X" } })).status).toBe(401);

    const saved = await call("saveAcademicProfile", {
      token: studentToken,
      json: { hscGpa: 4.5, ieltsOverall: "6.5", level: "bachelor", preferredCountries: ["Germany"], yearlyBudgetBdt: "25,00,000" },
    });
    expect(saved.body.data).toMatchObject({
      hscGpa: 4.5,
      ieltsOverall: 6.5,
      level: "bachelor",
      preferredCountries: ["Germany"],
      yearlyBudgetBdt: 2_500_000,
    });
    expect((await call("saveAcademicProfile", { token: studentToken, json: { hscGpa: 5.5 } })).body.error?.fields).toHaveProperty("hscGpa");
    expect((await call("getAcademicProfile", { token: studentToken })).body.data).toMatchObject({ ieltsOverall: 6.5 });
    expect((await call("getAcademicProfile", { token: consultantToken })).status).toBe(403);
  });

  test("managers list accounts, read one and change a role; nobody else may, and a manager cannot make an admin", async () => {
    const [studentToken, managerToken] = await Promise.all([tokenOf(student), tokenOf(manager)]);
    expect((await call("listUsers", { token: studentToken })).status).toBe(403);
    const found = await call("listUsers", { token: managerToken, path: `/users?q=${encodeURIComponent(other.email)}` });
    expect(found.body.data).toEqual([{ id: other.id, name: other.name, email: other.email, role: "student" }]);
    expect((await call("getUser", { token: managerToken, path: `/users/${other.id}` })).body.data).toMatchObject({ email: other.email });
    expect((await call("getUser", { token: studentToken, path: `/users/${other.id}` })).status).toBe(403);
    expect((await call("getUser", { token: managerToken, path: "/users/nobody" })).status).toBe(404);
    expect((await call("setUserRole", { token: studentToken, path: `/users/${other.id}/role`, json: { role: "manager" } })).status).toBe(
      403,
    );
    const admin = await call("setUserRole", { token: managerToken, path: `/users/${other.id}/role`, json: { role: "admin" } });
    expect([admin.status, admin.body.error?.code]).toEqual([403, "FORBIDDEN"]);
    const networking = await call("setUserRole", { token: managerToken, path: `/users/${other.id}/role`, json: { role: "networking" } });
    expect(networking.body.data).toMatchObject({ id: other.id, role: "networking" });
    await call("setUserRole", { token: managerToken, path: `/users/${other.id}/role`, json: { role: "student" } });
  });
});

describe("universities", () => {
  test("the list takes the finder's filters and pages with meta; a page size over 100 is refused", async () => {
    const finland = await call("listUniversities", { path: "/universities?country=Finland&page=1&pageSize=5" });
    expect(finland.status).toBe(200);
    expect(finland.body.meta).toMatchObject({ page: 1, pageSize: 5 });
    const items = finland.body.data as { country: string }[];
    expect(items.length).toBe(5);
    expect(new Set(items.map((university) => university.country))).toEqual(new Set(["Finland"]));

    const fit = await call("listUniversities", { path: "/universities?sort=fit&ielts=6.5&budget=3000000&pageSize=3" });
    expect((fit.body.data as { fitReasons: unknown[] | null }[]).every((university) => Array.isArray(university.fitReasons))).toBe(true);

    const nowhere = await call("listUniversities", { path: "/universities?country=Atlantis" });
    expect([nowhere.status, nowhere.body.data, nowhere.body.meta]).toEqual([200, [], { page: 1, pageSize: 20, total: 0 }]);

    for (const query of ["pageSize=1000", "ielts=12", "sort=drop%20table", "unknown=1", "__proto__=..%2Fetc%2Fpasswd"]) {
      const refused = await call("listUniversities", { path: `/universities?${query}` });
      expect([query, refused.status]).toEqual([query, 400]);
    }
  });

  test("one university by its slug, with its figures' years and sources; an unknown slug is 404", async () => {
    const list = await call("listUniversities", { path: "/universities?sort=name&pageSize=1" });
    const [first] = list.body.data as { slug: string }[];
    const one = await call("getUniversity", { path: `/universities/${first?.slug}` });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ slug: first?.slug });
    const missing = await call("getUniversity", { path: "/universities/no-such-university" });
    expect([missing.status, missing.body.error?.code]).toEqual([404, "NOT_FOUND"]);
  });
});

describe("the first year in taka", () => {
  test("a university's cost table: lines in their currency and in taka, a total, the level chosen; a wrong level is 400", async () => {
    const cost = await call("getFirstYearCost", { path: "/universities/technical-university-of-munich/first-year-cost" });
    expect(cost.status).toBe(200);
    const data = cost.body.data as { level: string; lines: { label: string; taka: number | null }[]; totalBdt: number | null };
    expect(data.level).toBe("bachelor");
    expect(data.lines.length).toBeGreaterThan(3);
    expect(data.totalBdt).toBe(data.lines.reduce((sum, line) => sum + (line.taka ?? 0), 0));
    expect(
      (
        (await call("getFirstYearCost", { path: "/universities/technical-university-of-munich/first-year-cost?level=masters" })).body
          .data as { level: string }
      ).level,
    ).toBe("masters");
    expect(
      (await call("getFirstYearCost", { path: "/universities/technical-university-of-munich/first-year-cost?level=phd" })).status,
    ).toBe(400);
    expect((await call("getFirstYearCost", { path: "/universities/no-such-university/first-year-cost" })).status).toBe(404);
  });
});

describe("shortlist", () => {
  test("a student shortlists a university, lists it and takes it off; without a token it is 401, an unknown slug 404", async () => {
    const token = await tokenOf(student);
    const [first] = (await call("listUniversities", { path: "/universities?sort=name&pageSize=1" })).body.data as { slug: string }[];
    const slug = first?.slug as string;
    expect((await call("addToShortlist", { path: `/shortlist/${slug}` })).status).toBe(401);
    expect((await call("addToShortlist", { path: `/shortlist/${slug}`, token })).status).toBe(200);
    const listed = await call("listShortlist", { token });
    expect([listed.body.meta, (listed.body.data as { slug: string }[]).map((university) => university.slug)]).toEqual([
      { page: 1, pageSize: 20, total: 1 },
      [slug],
    ]);
    expect((await call("listShortlist")).status).toBe(401);
    expect((await call("removeFromShortlist", { path: `/shortlist/${slug}`, token })).body.data).toMatchObject({
      slug,
      shortlisted: false,
    });
    expect((await call("removeFromShortlist", { path: "/shortlist/no-such-university", token })).status).toBe(404);
  });
});

describe("applications and casework", () => {
  test("staff list everyone's, a student their own; one application is its owner's or staff's, anyone else's 404", async () => {
    const [studentToken, otherToken, consultantToken] = await Promise.all([tokenOf(student), tokenOf(other), tokenOf(consultant)]);
    expect((await call("listApplications")).status).toBe(401);
    expect((await call("listApplications", { token: studentToken })).status).toBe(403);
    const all = await call("listApplications", { token: consultantToken, path: `/applications?q=${encodeURIComponent(student.email)}` });
    expect((all.body.data as { id: string }[]).map((application) => application.id)).toEqual([applicationId]);
    const own = await call("listOwnApplications", { token: studentToken });
    expect((own.body.data as { id: string }[]).map((application) => application.id)).toEqual([applicationId]);
    expect((await call("listOwnApplications", { token: otherToken })).body.meta).toEqual({ page: 1, pageSize: 20, total: 0 });
    expect((await call("listOwnApplications")).status).toBe(401);

    const mine = await call("getApplication", { token: studentToken, path: `/applications/${applicationId}` });
    expect(mine.body.data).toMatchObject({ id: applicationId, status: "submitted" });
    expect((mine.body.data as { documents: unknown[] }).documents).toHaveLength(15);
    expect((await call("getApplication", { token: consultantToken, path: `/applications/${applicationId}` })).status).toBe(200);
    expect((await call("getApplication", { token: otherToken, path: `/applications/${applicationId}` })).status).toBe(404);
    expect((await call("getApplication", { path: `/applications/${applicationId}` })).status).toBe(401);
  });

  test("casework through the API, each step refused to the wrong person: review, messages, a note, assignment, status, reopening, withdrawal", async () => {
    const [studentToken, otherToken, consultantToken, managerToken] = await Promise.all(
      [student, other, consultant, manager].map((user) => tokenOf(user)),
    );
    const at = (step: string) => `/applications/${applicationId}/${step}`;

    const review = { field: "bankStatement", decision: "needs-new-copy", reason: "The statement is blurred." };
    expect((await call("reviewDocument", { path: at("reviews"), token: studentToken, json: review })).status).toBe(403);
    expect((await call("reviewDocument", { path: at("reviews"), token: consultantToken, json: { ...review, field: "visa" } })).status).toBe(
      400,
    );
    expect((await call("reviewDocument", { path: at("reviews"), token: consultantToken, json: review })).status).toBe(200);
    const asked = await call("getApplication", { token: studentToken, path: `/applications/${applicationId}` });
    expect(asked.body.data).toMatchObject({ status: "documents-requested" });

    expect((await call("postApplicationMessage", { path: at("messages"), token: otherToken, json: { body: "Hello?" } })).status).toBe(404);
    expect(
      (await call("postApplicationMessage", { path: at("messages"), token: studentToken, json: { body: "I will scan it again." } })).status,
    ).toBe(201);
    expect(
      (await call("postApplicationMessage", { path: at("messages"), token: consultantToken, json: { body: "Thank you." } })).status,
    ).toBe(201);

    expect((await call("addApplicationNote", { path: at("notes"), token: studentToken, json: { note: "Mine" } })).status).toBe(403);
    expect(
      (await call("addApplicationNote", { path: at("notes"), token: consultantToken, json: { note: "Called the student." } })).status,
    ).toBe(201);

    const consultantId = ((await call("me", { token: consultantToken })).body.data as { id: string }).id;
    expect(
      (await call("assignApplication", { path: at("assignee"), token: consultantToken, json: { assigneeId: consultantId } })).status,
    ).toBe(403);
    expect(
      (await call("assignApplication", { path: at("assignee"), token: managerToken, json: { assigneeId: consultantId } })).body.data,
    ).toEqual({
      changed: true,
    });

    expect((await call("setApplicationStatus", { path: at("status"), token: studentToken, json: { status: "completed" } })).status).toBe(
      403,
    );
    expect((await call("setApplicationStatus", { path: at("status"), token: consultantToken, json: { status: "done" } })).status).toBe(400);
    expect((await call("setApplicationStatus", { path: at("status"), token: consultantToken, json: { status: "completed" } })).status).toBe(
      200,
    );
    const final = await call("setApplicationStatus", { path: at("status"), token: consultantToken, json: { status: "processing" } });
    expect([final.status, final.body.error?.code]).toEqual([409, "CONFLICT"]);

    expect((await call("reopenApplication", { path: at("reopen"), token: studentToken, json: { reason: "Please" } })).status).toBe(403);
    expect(
      (await call("reopenApplication", { path: at("reopen"), token: managerToken, json: { reason: "The bank statement arrived." } }))
        .status,
    ).toBe(200);

    expect((await call("withdrawApplication", { path: at("withdraw"), token: otherToken, json: {} })).status).toBe(404);
    expect(
      (await call("withdrawApplication", { path: at("withdraw"), token: studentToken, json: { reason: "I chose another university." } }))
        .status,
    ).toBe(200);
    const withdrawn = await call("getApplication", { token: consultantToken, path: `/applications/${applicationId}` });
    expect(withdrawn.body.data).toMatchObject({ status: "withdrawn", assignee: { id: consultantId } });
    const kinds = (withdrawn.body.data as { timeline: { kind: string }[] }).timeline.map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(["document-needs-new-copy", "note", "assigned", "status", "reopened", "withdrawn"]));
  });
});

describe("appointments", () => {
  test("a consultant adds slots, a student books one, the consultant accepts it, the student cancels; each step refused to the wrong person", async () => {
    const [studentToken, otherToken, consultantToken] = await Promise.all([tokenOf(student), tokenOf(other), tokenOf(consultant)]);
    const slotAt = (hoursAhead: number) => ({
      ...wallClock(new Date(Date.now() + hoursAhead * 3_600_000)),
      duration: "30",
      timeZone: "UTC",
    });
    expect((await call("addSlot", { token: studentToken, json: slotAt(72) })).status).toBe(403);
    expect((await call("addSlot", { token: consultantToken, json: { ...slotAt(72), duration: "5" } })).body.error?.fields).toEqual({
      duration: "A slot lasts 15 to 180 minutes",
    });
    const added = await call("addSlot", { token: consultantToken, json: slotAt(72) });
    expect(added.status).toBe(201);
    const slotId = (added.body.data as { id: string }).id;
    const spare = (await call("addSlot", { token: consultantToken, json: slotAt(96) })).body.data as { id: string };
    expect((await call("addSlot", { token: consultantToken, json: slotAt(72) })).status).toBe(409);
    expect(((await call("listOwnSlots", { token: consultantToken })).body.data as { id: string }[]).map((slot) => slot.id)).toEqual([
      slotId,
      spare.id,
    ]);
    expect((await call("listOwnSlots", { token: studentToken })).status).toBe(403);
    expect((await call("deleteSlot", { path: `/me/slots/${spare.id}`, token: studentToken })).status).toBe(403);
    expect((await call("deleteSlot", { path: `/me/slots/${spare.id}`, token: consultantToken })).status).toBe(200);

    expect((await call("listConsultants")).status).toBe(401);
    const listed = (await call("listConsultants", { token: studentToken })).body.data as { id: string; freeSlots: number }[];
    const consultantId = ((await call("me", { token: consultantToken })).body.data as { consultantId: string }).consultantId;
    expect(listed.find((entry) => entry.id === consultantId)?.freeSlots).toBe(1);
    const page = await call("getConsultant", { path: `/consultants/${consultantId}`, token: studentToken });
    expect((page.body.data as { slots: { id: string }[] }).slots.map((slot) => slot.id)).toEqual([slotId]);
    expect((await call("getConsultant", { path: "/consultants/no-such-consultant", token: studentToken })).status).toBe(404);

    const contact = (user: TestUser) => ({
      slot: slotId,
      name: user.name,
      email: user.email,
      phone: "+880 1711 000000",
      address: "House 1, Road 2, Dhaka",
    });
    const booked = await call("bookSlot", { path: `/consultants/${consultantId}/bookings`, token: studentToken, json: contact(student) });
    expect(booked.status).toBe(201);
    const bookingId = (booked.body.data as { bookingId: string }).bookingId;
    const late = await call("bookSlot", { path: `/consultants/${consultantId}/bookings`, token: otherToken, json: contact(other) });
    expect([late.status, late.body.error?.code]).toEqual([409, "CONFLICT"]);

    expect(((await call("listOwnBookings", { token: studentToken })).body.data as { id: string }[]).map((booking) => booking.id)).toEqual([
      bookingId,
    ]);
    const appointments = await call("listOwnAppointments", { token: consultantToken });
    expect(appointments.body.data).toMatchObject([{ id: bookingId, email: student.email, status: "pending" }]);
    expect((await call("listOwnAppointments", { token: studentToken })).status).toBe(403);

    expect(
      (await call("setBookingStatus", { path: `/bookings/${bookingId}/status`, token: studentToken, json: { status: "accepted" } })).status,
    ).toBe(403);
    const accepted = await call("setBookingStatus", {
      path: `/bookings/${bookingId}/status`,
      token: consultantToken,
      json: { status: "accepted" },
    });
    expect(accepted.body.data).toEqual({ status: "accepted" });

    expect((await call("cancelBooking", { path: `/bookings/${bookingId}/cancel`, token: otherToken })).status).toBe(404);
    expect((await call("cancelBooking", { path: `/bookings/${bookingId}/cancel`, token: studentToken })).status).toBe(200);
    expect((await call("cancelBooking", { path: `/bookings/${bookingId}/cancel`, token: studentToken })).status).toBe(409);
  });
});

describe("applying through the API", () => {
  test("documents are uploaded one by one into the draft, the application is submitted with its text, and its files are read back by their owner and staff only", async () => {
    const [studentToken, otherToken, consultantToken] = await Promise.all([tokenOf(student), tokenOf(other), tokenOf(consultant)]);
    const file = (field: string, bytes: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append(field, new File([new Uint8Array(bytes)], name, { type }));
      return form;
    };
    const png = await tinyPng();
    expect((await call("getDraft", { token: otherToken })).body.data).toEqual({ id: null, values: {}, documents: [] });
    expect(
      (
        await call("uploadDocument", {
          path: "/me/application/documents/passport",
          body: file("passport", png, "passport.png", "image/png"),
        })
      ).status,
    ).toBe(401);
    const unknown = await call("uploadDocument", {
      path: "/me/application/documents/visa",
      token: otherToken,
      body: file("visa", png, "visa.png", "image/png"),
    });
    expect([unknown.status, unknown.body.error?.message]).toEqual([404, "There is no such document."]);
    const wrongType = await call("uploadDocument", {
      path: "/me/application/documents/passport",
      token: otherToken,
      body: file("passport", Buffer.from("MZ not an image"), "passport.exe", "application/octet-stream"),
    });
    expect([wrongType.status, wrongType.body.error?.fields?.passport]).toEqual([
      400,
      "The passport must be a JPEG, PNG or WebP image or a PDF file",
    ]);

    // Over UPLOAD_MAX_MB (10 MB here) by its declared length: refused before a byte is read, in the envelope.
    const huge = await call("uploadDocument", {
      path: "/me/application/documents/passport",
      token: otherToken,
      body: file("passport", Buffer.alloc(11 * 1024 * 1024, 32), "passport.pdf", "application/pdf"),
    });
    expect([huge.status, huge.body.error?.code]).toEqual([413, "TOO_LARGE"]);
    const text = {
      countryName: "Germany",
      universityName: "Technical University of Munich",
      name: other.name,
      address: "House 12, Road 5, Dhanmondi, Dhaka",
      fatherName: "Abdul Karim",
      motherName: "Salma Begum",
      sponsorName: "Abdul Karim",
    };
    for (const field of documentFields.slice(0, 14)) {
      const uploaded = await call("uploadDocument", {
        path: `/me/application/documents/${field}`,
        token: otherToken,
        body: file(field, png, `${field}.png`, "image/png"),
      });
      expect([field, uploaded.status]).toEqual([field, 200]);
    }
    const missing = await call("submitApplication", { token: otherToken, json: text });
    expect([missing.status, Object.keys(missing.body.error?.fields ?? {})]).toEqual([400, [documentFields[14]]]);
    const last = documentFields[14] as string;
    const { draftId } = (
      await call("uploadDocument", {
        path: `/me/application/documents/${last}`,
        token: otherToken,
        body: file(last, tinyPdf(), "bill.pdf", "application/pdf"),
      })
    ).body.data as { draftId: string };
    expect(((await call("getDraft", { token: otherToken })).body.data as { documents: unknown[] }).documents).toHaveLength(15);
    // The same submit twice at once (a phone app retrying): one application, both answers name it.
    const [submitted, again] = await Promise.all([
      call("submitApplication", { token: otherToken, json: { ...text, draftId } }),
      call("submitApplication", { token: otherToken, json: { ...text, draftId } }),
    ]);
    expect([submitted.status, again.status]).toEqual([201, 201]);
    const id = (submitted.body.data as { id: string }).id;
    expect((again.body.data as { id: string }).id).toBe(id);
    expect((await call("listOwnApplications", { token: otherToken })).body.meta).toMatchObject({ total: 1 });
    expect((await call("getApplication", { token: otherToken, path: `/applications/${id}` })).body.data).toMatchObject({
      status: "submitted",
      name: other.name,
    });

    const own = await call("downloadDocument", { token: otherToken, path: `/applications/${id}/documents/${last}` });
    expect([own.status, own.headers.get("Content-Type"), own.bytes?.subarray(0, 5).toString()]).toEqual([200, "application/pdf", "%PDF-"]);
    expect(
      (await call("downloadDocument", { token: consultantToken, path: `/applications/${id}/documents/passport` })).headers.get(
        "Content-Type",
      ),
    ).toBe("image/png");
    expect((await call("downloadDocument", { token: studentToken, path: `/applications/${id}/documents/passport` })).status).toBe(404);
    expect((await call("downloadDocument", { path: `/applications/${id}/documents/passport` })).status).toBe(401);
  });
});

describe("staff forms with a picture", () => {
  const form = (values: Record<string, string>, picture?: { field: string; bytes: Buffer }) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(values)) data.set(name, value);
    if (picture) data.set(picture.field, new File([new Uint8Array(picture.bytes)], "picture.png", { type: "image/png" }));
    return data;
  };

  test("staff add, edit and delete a university with its logo as the page's form; a student is refused before the form is read", async () => {
    const [studentToken, consultantToken] = await Promise.all([tokenOf(student), tokenOf(consultant)]);
    const fields = {
      universityName: "Northern Lights University",
      countryName: "Finland",
      universityLocation: "Rovaniemi",
      universityType: "Public",
      coursesOffered: "120",
      examsAccepted: "IELTS, TOEFL iBT",
      firstYearTuitionFees: "12000",
      tuitionCurrency: "EUR",
      noOfScholarship: "4",
      ielts: "6.5",
    };
    const logo = { field: "universityLogo", bytes: await tinyPng("#7c2d12", 120) };
    expect((await call("createUniversity", { token: studentToken, body: form(fields, logo) })).status).toBe(403);
    expect((await call("createUniversity", { token: consultantToken, json: fields })).status).toBe(415);
    const noLogo = await call("createUniversity", { token: consultantToken, body: form(fields) });
    expect([noLogo.status, noLogo.body.error?.fields]).toEqual([400, { universityLogo: "Choose a logo" }]);
    const extra = await call("createUniversity", { token: consultantToken, body: form({ ...fields, updatedBy: "someone" }, logo) });
    expect(extra.body.error?.fields).toEqual({ updatedBy: "This field is not accepted here." });
    const created = await call("createUniversity", { token: consultantToken, body: form(fields, logo) });
    expect(created.status).toBe(201);
    const { slug } = created.body.data as { slug: string };
    expect(created.body.data).toMatchObject({ name: "Northern Lights University", city: "Rovaniemi", minimumIelts: 6.5 });

    const edited = await call("updateUniversity", {
      path: `/universities/${slug}`,
      token: consultantToken,
      body: form({ ...fields, universityLocation: "Oulu" }),
    });
    expect(edited.body.data).toMatchObject({ slug, city: "Oulu" });
    expect((await call("updateUniversity", { path: `/universities/${slug}`, token: studentToken, body: form(fields) })).status).toBe(403);
    expect((await call("deleteUniversity", { path: `/universities/${slug}`, token: studentToken })).status).toBe(403);
    expect((await call("deleteUniversity", { path: `/universities/${slug}`, token: consultantToken })).body.data).toEqual({
      name: "Northern Lights University",
    });
    expect((await call("getUniversity", { path: `/universities/${slug}` })).status).toBe(404);
  });

  test("a manager adds a consultant and a networking member with their photos, and edits the member; others are refused", async () => {
    const [consultantToken, managerToken] = await Promise.all([tokenOf(consultant), tokenOf(manager)]);
    const photo = { field: "profile", bytes: await tinyPng("#0f766e", 80) };
    const advisor = consultantFields({ name: "Farhana Akter" });
    expect((await call("createConsultant", { token: consultantToken, body: form(advisor, photo) })).status).toBe(403);
    const added = await call("createConsultant", { token: managerToken, body: form(advisor, photo) });
    expect([added.status, added.body.data]).toMatchObject([201, { name: "Farhana Akter", email: advisor.email, active: true }]);

    const fields = memberFields({ name: "Sadia Islam", twitter: "", bookingUrl: "" }) as unknown as Record<string, string>;
    expect((await call("createMember", { token: consultantToken, body: form(fields, photo) })).status).toBe(403);
    const member = await call("createMember", { token: managerToken, body: form(fields, photo) });
    expect([member.status, member.body.data]).toMatchObject([201, { name: "Sadia Islam", status: "Active" }]);
    const id = (member.body.data as { id: string }).id;
    const edited = await call("updateMember", {
      path: `/networking-members/${id}`,
      token: managerToken,
      body: form({ ...fields, company: "Aalto Labs" }),
    });
    expect(edited.body.data).toMatchObject({ id, company: "Aalto Labs" });
    expect((await call("updateMember", { path: `/networking-members/${id}`, token: consultantToken, body: form(fields) })).status).toBe(
      403,
    );
  });
});

describe("networking", () => {
  test("the directory for anyone signed in (no e-mail or phone), Connect for students; managers read, hide and delete members", async () => {
    const [studentToken, consultantToken, managerToken] = await Promise.all([tokenOf(student), tokenOf(consultant), tokenOf(manager)]);
    expect((await call("searchDirectory")).status).toBe(401);
    const found = await call("searchDirectory", { token: studentToken, path: "/networking?q=Tanvr&location=Finland" });
    expect((found.body.data as { id: string }[]).map((member) => member.id)).toEqual([memberId]);
    expect(JSON.stringify(found.body.data)).not.toContain("@example.com");
    expect((await call("searchDirectory", { token: studentToken, path: "/networking?location=Atlantis" })).body.meta).toMatchObject({
      total: 0,
    });

    const connect = { message: "Assalamu alaikum! How did you find your first job in Helsinki?" };
    expect(
      (await call("connectWithMember", { path: `/networking/${memberId}/messages`, token: consultantToken, json: connect })).status,
    ).toBe(403);
    expect(
      (await call("connectWithMember", { path: `/networking/${memberId}/messages`, token: studentToken, json: { message: "" } })).status,
    ).toBe(400);
    const sent = await call("connectWithMember", { path: `/networking/${memberId}/messages`, token: studentToken, json: connect });
    expect([sent.status, sent.body.data]).toEqual([201, { memberName: "Tanvir Hasan" }]);

    expect((await call("listMembers", { token: studentToken })).status).toBe(403);
    const all = await call("listMembers", { token: managerToken, path: "/networking-members?q=Tanvir" });
    expect(all.body.data).toMatchObject([{ id: memberId, status: "Active" }]);
    expect((await call("getMember", { token: managerToken, path: `/networking-members/${memberId}` })).body.data).toMatchObject({
      name: "Tanvir Hasan",
    });
    expect((await call("getMember", { token: consultantToken, path: `/networking-members/${memberId}` })).status).toBe(403);
    const hidden = await call("setMemberStatus", {
      token: managerToken,
      path: `/networking-members/${memberId}/status`,
      json: { status: "Inactive" },
    });
    expect(hidden.body.data).toEqual({ status: "Inactive" });
    expect((await call("searchDirectory", { token: studentToken, path: "/networking?q=Tanvir" })).body.meta).toMatchObject({ total: 0 });
    expect(
      (await call("setMemberStatus", { token: studentToken, path: `/networking-members/${memberId}/status`, json: { status: "Active" } }))
        .status,
    ).toBe(403);
    expect((await call("deleteMember", { token: studentToken, path: `/networking-members/${memberId}` })).status).toBe(403);
    expect((await call("deleteMember", { token: managerToken, path: `/networking-members/${memberId}` })).status).toBe(200);
    expect((await call("getMember", { token: managerToken, path: `/networking-members/${memberId}` })).status).toBe(404);
  });
});

describe("contact and bad input", () => {
  test("a message as JSON is received; malformed JSON, another content type and an unknown field are refused", async () => {
    const message = { name: "Rahim Uddin", email: "rahim@example.com", phone: "+8801711000000", message: "Which intake suits me?" };
    expect((await call("sendContactMessage", { json: message })).status).toBe(201);
    const malformed = await call("sendContactMessage", { body: '{"name": "Rahim', headers: { "Content-Type": "application/json" } });
    expect([malformed.status, malformed.body.error?.message]).toEqual([400, "The body is not valid JSON."]);
    const text = await call("sendContactMessage", { body: "hello", headers: { "Content-Type": "text/plain" } });
    expect([text.status, text.body.error?.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const extra = await call("sendContactMessage", { json: { ...message, status: "handled" } });
    expect([extra.status, extra.body.error?.fields]).toEqual([400, { status: "This field is not accepted here." }]);
  });

  test("hostile values: a NUL or other control character, or a line break in a one-line field, is refused by field (never stored), in a body, a query or a password's neighbour; a lone surrogate is no fault", async () => {
    const message = { name: "Rahim\u0000 Uddin", email: "rahim@example.com", phone: "+8801711000000", message: "Line one\nline two\u0007" };
    const controlled = await call("sendContactMessage", { json: message });
    expect([controlled.status, controlled.body.error?.fields]).toEqual([
      400,
      { name: CONTROL_CHARACTERS_REMOVED, message: CONTROL_CHARACTERS_REMOVED },
    ]);
    // As on the form: a line break is kept in the message, refused in a one-line field.
    const broken = await call("sendContactMessage", { json: { ...message, name: "Rahim\nUddin", message: "Line one\nline two" } });
    expect([broken.status, broken.body.error?.fields]).toEqual([400, { name: ONE_LINE_ONLY }]);
    const query = await call("listUniversities", { path: "/universities?q=Munich%00" });
    expect([query.status, query.body.error?.fields]).toEqual([400, { q: CONTROL_CHARACTERS_REMOVED }]);
    const countries = await call("saveAcademicProfile", { token: await tokenOf(student), json: { preferredCountries: ["Germany\u0000"] } });
    expect(countries.body.error?.fields).toEqual({ preferredCountries: CONTROL_CHARACTERS_REMOVED });
    const surrogate = await call("sendContactMessage", {
      body: '{"name":"\\ud800","email":"a@b.co","phone":"+8801711000000","message":"x"}',
      headers: { "Content-Type": "application/json" },
    });
    expect(surrogate.status).toBeLessThan(500);
    const deep = await call("sendContactMessage", { json: { ...message, name: { $gt: "" } } });
    expect(deep.status).toBe(400);
  });

  test("a large body refused for its token before it is read answers 401, and the next request (on a new connection) is answered", async () => {
    const boundary = "----onward-large";
    const parts = Array.from(
      { length: 10_000 },
      (_, index) => `--${boundary}\r\nContent-Disposition: form-data; name="p${index}"\r\n\r\nx\r\n`,
    );
    for (let round = 0; round < 3; round += 1) {
      const refused = await fetch(`${server.url}/api/v1/me/application/documents/passportSizePicture`, {
        method: "PUT",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Authorization: "Bearer expired.token" },
        body: `${parts.join("")}--${boundary}--\r\n`,
      });
      expect([refused.status, refused.headers.get("Connection")]).toEqual([401, "close"]);
      await refused.arrayBuffer();
      const next = await fetch(`${server.url}/api/v1/universities?pageSize=1`);
      expect(next.status).toBe(200);
      await next.arrayBuffer();
    }
  });

  test("the server's own refusals under /api/v1 are the envelope: a wrong method (with Allow), no such resource, a body over the cap", async () => {
    const wrongMethod = await fetch(`${server.url}/api/v1/universities`, { method: "DELETE" });
    expect([wrongMethod.status, wrongMethod.headers.get("Allow")]).toEqual([405, "GET, POST"]);
    expect(((await wrongMethod.json()) as Answer["body"]).error?.code).toBe("METHOD_NOT_ALLOWED");
    const nowhere = await fetch(`${server.url}/api/v1/nothing-here`);
    expect([nowhere.status, ((await nowhere.json()) as Answer["body"]).error?.code]).toEqual([404, "NOT_FOUND"]);
    const huge = await fetch(`${server.url}/api/v1/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: `{"message":"${"a".repeat(2 * 1024 * 1024)}"}`,
    });
    expect([huge.status, ((await huge.json()) as Answer["body"]).error?.code]).toEqual([413, "TOO_LARGE"]);
    // No cookie is a credential here, so another site's Origin is no forgery: the call is judged on its own.
    const crossSite = await fetch(`${server.url}/api/v1/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://elsewhere.example" },
      body: "{}",
    });
    expect(crossSite.status).toBe(400);
  });
});

describe("CORS", () => {
  test("only an origin API_CORS_ORIGINS lists may call from its pages; its preflight is answered; cookies are never allowed", async () => {
    const listed = await fetch(`${server.url}/api/v1/universities?pageSize=1`, { headers: { Origin: "https://app.example.com" } });
    expect([listed.headers.get("Access-Control-Allow-Origin"), listed.headers.get("Access-Control-Allow-Credentials")]).toEqual([
      "https://app.example.com",
      null,
    ]);
    const other = await fetch(`${server.url}/api/v1/universities?pageSize=1`, { headers: { Origin: "https://elsewhere.example" } });
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const preflight = await fetch(`${server.url}/api/v1/me/applications`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://app.example.com",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect([preflight.status, preflight.headers.get("Access-Control-Allow-Headers")]).toEqual([204, "Authorization, Content-Type"]);
  });
});

describe("the wrong person", () => {
  test("every operation that needs a token refuses a call without one (401), and every role-limited one the wrong role (403), before reading anything", async () => {
    const [studentToken, consultantToken] = await Promise.all([tokenOf(student), tokenOf(consultant)]);
    const failures: string[] = [];
    for (const operation of operations) {
      if (operation.access === "anyone") continue;
      const path = operation.path.replace(/\{\w+\}/g, "x");
      // A body that no operation could read: refused for who sends it, before it is looked at.
      const garbage = operation.method === "GET" ? {} : { body: "not even JSON", headers: { "Content-Type": "application/json" } };
      const anonymous = await call(operation.id, { path, ...garbage });
      if (anonymous.status !== 401 || anonymous.body.error?.code !== "UNAUTHENTICATED")
        failures.push(`${operation.id} anonymous: ${anonymous.status}`);
      const roleLimited = operation.access !== "signed-in";
      if (!roleLimited) continue;
      // A student's operations (the academic profile, Connect) are refused to a consultant instead.
      const forStudents = Array.isArray(operation.access) && operation.access.includes("student");
      const refused = await call(operation.id, { path, token: forStudents ? consultantToken : studentToken, ...garbage });
      if (refused.status !== 403 || refused.body.error?.code !== "FORBIDDEN") failures.push(`${operation.id}: ${refused.status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("coverage", () => {
  test("every refusal above was logged at warn with its code, and nothing at error: no input made a fault", () => {
    const warnings = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"level":40'));
    for (const code of ["INVALID", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "UNSUPPORTED_MEDIA_TYPE", "CONFLICT"]) {
      expect(
        warnings.some((line) => line.includes(`"code":"${code}"`)),
        code,
      ).toBe(true);
    }
    expect(loggedErrors(server)).toEqual([]);
  });

  test("every operation in the document was called by a test above", () => {
    expect([...api.called].sort()).toEqual(operations.map((operation) => operation.id).sort());
  });
});
