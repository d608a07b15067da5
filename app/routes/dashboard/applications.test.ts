import { expect, test } from "vitest";
import { assignApplication } from "~/.server/applications/assign";
import { postApplicationMessage } from "~/.server/applications/messages";
import { createUser, type TestUser } from "../../../tests/support/accounts";
import { createSubmittedApplication, tinyPdf } from "../../../tests/support/applications";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { sessionOf } from "../../../tests/support/members";
import * as documentRoute from "../application-document";
import * as staffRoute from "./application";
import * as listRoute from "./applications";
import * as homeRoute from "./home";
import * as layoutRoute from "./layout";
import * as ownRoute from "./my-application";

withTestDatabase();

type Listed = Awaited<ReturnType<typeof listRoute.loader>>;

const visit = async <T>(module: Parameters<typeof callRoute>[0], user: TestUser, path: string) => {
  // An application's id in the path stands for the route's `:id`.
  const pattern = new URL(path, "http://x").pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ":id");
  const answer = await callRoute<T>(module, { path, pattern, headers: { Cookie: user.cookie } });
  expect(answer.status).toBe(200);
  return answer.data;
};

test("a consultant's list opens on their own applications, counted by status on their dashboard; a manager's on everyone's", async () => {
  const consultant = await createUser({ role: "consultant", verified: true });
  const manager = await createUser({ role: "manager", verified: true });
  const studentAccount = await createUser({ verified: true });
  const student = await sessionOf(studentAccount);
  const mine = await createSubmittedApplication(student, { name: "Assigned Applicant" });
  await createSubmittedApplication(await sessionOf(await createUser({ verified: true })), { name: "Nobody's Applicant" });
  await assignApplication({ id: mine.id, assigneeId: consultant.id, actor: await sessionOf(manager) });

  const own = await visit<Listed>(listRoute, consultant, "/dashboard/applications");
  expect(own.assigned).toBe("me");
  expect(own.items.map((item) => item.name)).toEqual(["Assigned Applicant"]);
  const everyone = await visit<Listed>(listRoute, consultant, "/dashboard/applications?assigned=any");
  expect(everyone.items.map((item) => item.name).sort()).toEqual(["Assigned Applicant", "Nobody's Applicant"]);
  const nobodys = await visit<Listed>(listRoute, manager, "/dashboard/applications?assigned=unassigned");
  expect(nobodys.items.map((item) => item.name)).toEqual(["Nobody's Applicant"]);
  // A search link without `assigned` looks at everyone's, even for a consultant.
  const searched = await visit<Listed>(listRoute, consultant, "/dashboard/applications?q=Nobody");
  expect(searched.items.map((item) => item.name)).toEqual(["Nobody's Applicant"]);
  expect((await visit<Listed>(listRoute, manager, "/dashboard/applications")).assigned).toBe("any");

  const home = await visit<Awaited<ReturnType<typeof homeRoute.loader>>>(homeRoute, consultant, "/dashboard");
  expect(home.applications?.find((row) => row.status === "submitted")).toEqual({ status: "submitted", all: 2, mine: 1 });
  const studentHome = await visit<Awaited<ReturnType<typeof homeRoute.loader>>>(homeRoute, await createUser(), "/dashboard");
  expect(studentHome.applications).toBeNull();

  // The student's message shows as unread in the consultant's menu, and staff's in the student's.
  await postApplicationMessage({ id: mine.id, body: "Hello, is my passport scan fine?", author: student, as: "owner" });
  type Menu = Awaited<ReturnType<typeof layoutRoute.loader>>;
  const staffMenu = await visit<Menu>(layoutRoute, consultant, "/dashboard");
  expect(staffMenu.menu.find((entry) => entry.to === "/dashboard/applications")?.unread).toBe(1);
  await postApplicationMessage({ id: mine.id, body: "Yes, it is.", author: await sessionOf(consultant), as: "staff" });
  const studentMenu = await visit<Menu>(layoutRoute, studentAccount, "/dashboard");
  expect(studentMenu.menu.find((entry) => entry.to === "/dashboard/my-applications")?.unread).toBe(1);
  // Answering read the thread: nothing is left unread for the consultant.
  const answered = await visit<Menu>(layoutRoute, consultant, "/dashboard");
  expect(answered.menu.find((entry) => entry.to === "/dashboard/applications")?.unread).toBeUndefined();
});

test("the application pages' contract: review-document, status and message posts, 409 for what the rules forbid, and new copies only of what was asked for", async () => {
  const consultant = await createUser({ role: "consultant", verified: true });
  const studentAccount = await createUser({ verified: true });
  const application = await createSubmittedApplication(await sessionOf(studentAccount));
  const staffPath = `/dashboard/applications/${application.id}`;
  const ownPath = `/dashboard/my-applications/${application.id}`;
  const post = (module: Parameters<typeof callRoute>[0], user: TestUser, path: string, form: Record<string, string> | FormData) =>
    callRoute(module, { path, pattern: path.replace(application.id, ":id"), form, headers: { Cookie: user.cookie } });

  const reviewed = await post(staffRoute, consultant, staffPath, {
    intent: "review-document",
    field: "bankStatement",
    decision: "needs-new-copy",
    reason: "Blurred",
  });
  expect(reviewed.status).toBe(303);
  const own = await visit<Awaited<ReturnType<typeof ownRoute.loader>>>(ownRoute, studentAccount, ownPath);
  expect(own.status).toBe("documents-requested");
  expect(own.documents.find((document) => document.field === "bankStatement")).toMatchObject({
    state: "needs-new-copy",
    reason: "Blurred",
  });
  // No reason for a new copy: 400 with the problem on `reason`.
  expect(
    (await post(staffRoute, consultant, staffPath, { intent: "review-document", field: "passport", decision: "needs-new-copy" })).status,
  ).toBe(400);

  // A new copy of a document nobody asked for is refused whole (400), and nothing changes.
  const wrong = new FormData();
  wrong.append("passport", new File([new Uint8Array(tinyPdf("passport"))], "passport.pdf", { type: "application/pdf" }));
  expect((await post(ownRoute, studentAccount, ownPath, wrong)).status).toBe(400);
  const right = new FormData();
  right.append("bankStatement", new File([new Uint8Array(tinyPdf("clear"))], "statement.pdf", { type: "application/pdf" }));
  expect((await post(ownRoute, studentAccount, ownPath, right)).status).toBe(303);
  expect((await visit<Awaited<ReturnType<typeof ownRoute.loader>>>(ownRoute, studentAccount, ownPath)).status).toBe("processing");

  expect((await post(ownRoute, studentAccount, ownPath, { intent: "message", body: "Sent it." })).status).toBe(303);
  expect((await post(staffRoute, consultant, staffPath, { intent: "message", body: "Thanks." })).status).toBe(303);
  expect((await post(staffRoute, consultant, staffPath, { status: "completed" })).status).toBe(303);
  // The rules refuse with 409: a consultant rejecting a completed application, or reopening it; the student withdrawing it.
  expect((await post(staffRoute, consultant, staffPath, { status: "rejected" })).status).toBe(409);
  expect((await post(staffRoute, consultant, staffPath, { intent: "reopen", reason: "Again" })).status).toBe(409);
  expect((await post(ownRoute, studentAccount, ownPath, { intent: "withdraw" })).status).toBe(409);
  expect((await post(staffRoute, consultant, staffPath, { intent: "no-such-thing" })).status).toBe(400);
  // Hostile messages: a NUL byte, more than 4,000 characters, no text at all: 400, and nothing is stored.
  for (const body of ["Hello\u0000there", "x".repeat(4_001), "   "]) {
    expect((await post(ownRoute, studentAccount, ownPath, { intent: "message", body })).status, JSON.stringify(body.slice(0, 12))).toBe(
      400,
    );
  }
  const after = await visit<Awaited<ReturnType<typeof ownRoute.loader>>>(ownRoute, studentAccount, ownPath);
  expect(after.status).toBe("completed");
  expect(after.thread.items.map((message) => message.body)).toEqual(["Sent it.", "Thanks."]);

  // The replaced copy is staff's alone: its address answers staff, and 404 to its own student and to anyone else.
  const staffView = await visit<Awaited<ReturnType<typeof staffRoute.loader>>>(staffRoute, consultant, staffPath);
  const version = staffView.documents.find((document) => document.field === "bankStatement")?.history[0];
  expect(version?.url).toMatch(/\/documents\/bankStatement\/versions\/\d+$/);
  const open = (user: TestUser | null) =>
    callRoute(documentRoute, {
      path: version?.url ?? "",
      pattern: "/dashboard/applications/:id/documents/:field/versions/:version",
      headers: user ? { Cookie: user.cookie } : {},
    });
  const opened = await open(consultant);
  expect(opened.status).toBe(200);
  for (const user of [studentAccount, await createUser(), null]) expect((await open(user)).status).toBe(404);
});
