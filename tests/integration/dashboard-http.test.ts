import { beforeAll, describe, expect, test } from "vitest";
import type { TestUser } from "../support/accounts";
import { signInOverHttp, withRunningServer } from "../support/server-users";

/** The dashboard's lists and profile rule against the built server, over real HTTP. */
describe("dashboard over HTTP", () => {
  const app = withRunningServer(["manager", "admin", "student"]);
  let manager: TestUser;
  let admin: TestUser;
  let student: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    [manager, admin, student] = app.users as [TestUser, TestUser, TestUser];
    cookies.manager = await signInOverHttp(app.server, manager);
    cookies.admin = await signInOverHttp(app.server, admin);
  });

  const get = (path: string, cookie: string) => fetch(`${app.server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

  test.each([
    "/dashboard/messages?page=1e21",
    "/dashboard/messages?page=99999999999999999999",
    "/dashboard/messages?page=-1",
    "/dashboard/user-management?page=1e21",
    "/dashboard/user-management?q=a&page=99999999999999999999",
    "/dashboard/user-management?page=1.5",
  ])("%s answers 200 to a manager and an admin", async (path) => {
    for (const role of ["manager", "admin"]) {
      const response = await get(path, cookies[role] ?? "");
      expect(response.status, role).toBe(200);
      await response.text();
    }
  });

  test("a page past the end of user management shows the last page's users", async () => {
    const html = await (await get("/dashboard/user-management?page=1e21", cookies.admin ?? "")).text();
    expect(html).toContain(student.email);
  });

  test("a manager cannot open or save an admin's profile (403); an admin can open a manager's", async () => {
    const path = `/dashboard/edit-user-profile/${encodeURIComponent(admin.email)}`;
    expect((await get(path, cookies.manager ?? "")).status).toBe(403);
    const body = new FormData();
    body.set("name", "Taken Over");
    body.set("phone", "");
    body.set("address", "");
    const saved = await fetch(`${app.server.url}${path}`, {
      method: "POST",
      body,
      headers: { Cookie: cookies.manager ?? "", Origin: app.server.url },
      redirect: "manual",
    });
    expect(saved.status).toBe(403);
    const page = await get(path, cookies.admin ?? "");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(admin.name);
    expect((await get(`/dashboard/edit-user-profile/${encodeURIComponent(manager.email)}`, cookies.admin ?? "")).status).toBe(200);
  });

  test("a page's 403 and 404 are shown inside the dashboard's frame, with the menu", async () => {
    const refused = await get(`/dashboard/edit-user-profile/${encodeURIComponent(admin.email)}`, cookies.manager ?? "");
    expect(refused.status).toBe(403);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('data-testid="dashboard-menu"');
    expect(refusedHtml).toMatch(new RegExp(`${manager.name}(<!-- -->)? · `));
    expect(refusedHtml).toContain("Not allowed");
    expect(refusedHtml).toContain("Only an admin can edit a manager&#x27;s or an admin&#x27;s profile.");
    expect(refusedHtml).toContain('href="/dashboard/user-management"');

    const missing = await get("/dashboard/edit-user-profile/nobody-here%40onward.test", cookies.manager ?? "");
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain('data-testid="dashboard-menu"');
    expect(missingHtml).toContain("There is no account with that e-mail.");

    const wrongRole = await get("/dashboard/my-appointments", cookies.manager ?? "");
    expect(wrongRole.status).toBe(403);
    const wrongRoleHtml = await wrongRole.text();
    expect(wrongRoleHtml).toContain('data-testid="dashboard-menu"');
    expect(wrongRoleHtml).toContain("Your account does not have access to this page.");
  });

  test("the menu marks the current page with aria-current", async () => {
    const html = await (await get("/dashboard/messages", cookies.manager ?? "")).text();
    expect(html).toMatch(/<a href="\/dashboard\/messages" aria-current="page"/);
    expect(html.match(/aria-current="page"/g)?.length).toBe(1);
  });

  test.each([
    ["application/json", '{"intent":"enable-2fa"}'],
    ["text/plain", "intent=enable-2fa"],
    ["multipart/form-data; boundary=xyz", '--xyz\r\nContent-Disposition: form-data; name="na'],
    ["multipart/form-data", "no boundary at all"],
    ["", "intent=enable-2fa"],
  ])("a form post with content type %j to the dashboard's forms is a 4xx, not a 500", async (type, body) => {
    const ownProfile = `/dashboard/edit-user-profile/${encodeURIComponent(manager.email)}`;
    const paths = [
      "/dashboard/profile",
      ownProfile,
      "/dashboard/messages",
      `/dashboard/user-management/${student.id}/role`,
      "/dashboard/settings",
    ];
    for (const path of paths) {
      const headers: Record<string, string> = { Cookie: cookies.manager ?? "", Origin: app.server.url };
      if (type) headers["Content-Type"] = type;
      const response = await fetch(`${app.server.url}${path}`, { method: "POST", headers, body, redirect: "manual" });
      expect(response.status, `${type} to ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${type} to ${path}`).toBeLessThan(500);
      await response.text();
    }
  });

  test("a list's button with an unknown intent or without its id is refused with 400 and what to choose, never a 500", async () => {
    const studentCookie = await signInOverHttp(app.server, student);
    const posts: [path: string, cookie: string, fields: Record<string, string>, message: string][] = [
      [
        "/dashboard/shortlist",
        studentCookie,
        { university: "queens-university-belfast", intent: "steal" },
        "Choose a university to add or remove.",
      ],
      ["/dashboard/shortlist", studentCookie, { intent: "add" }, "Choose a university to add or remove."],
      ["/dashboard/universities", cookies.manager ?? "", { id: "some-id", intent: "edit" }, "Choose a university to delete."],
      [
        "/dashboard/consultants",
        cookies.manager ?? "",
        { consultant: "some-id", active: "maybe" },
        "Choose a consultant and whether they are active.",
      ],
      ["/dashboard/manage-networking-member", cookies.manager ?? "", { status: "Active" }, "Choose a networking member."],
      ["/dashboard/manage-networking-member", cookies.manager ?? "", { id: "some-id" }, "The status must be Active or Inactive"],
      ["/dashboard/messages", cookies.manager ?? "", { id: "first" }, "That message does not exist."],
      [`/dashboard/user-management/${student.id}/role`, cookies.manager ?? "", { role: "owner" }, "Choose a role"],
      [
        "/dashboard/profile",
        cookies.manager ?? "",
        { intent: "delete-account" },
        "This form is out of date: reload the page and try again.",
      ],
    ];
    for (const [path, cookie, fields, message] of posts) {
      const response = await fetch(`${app.server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: app.server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      const where = `${path} ${JSON.stringify(fields)}`;
      expect(response.status, where).toBe(400);
      expect(await response.text(), where).toContain(message);
    }
  });

  test("a manager sets the phone in Site Settings and the next anonymous visitor sees it in the footer", async () => {
    const anonymousHome = async () => {
      const response = await fetch(`${app.server.url}/`);
      return { cache: response.headers.get("cache-status"), html: await response.text() };
    };
    await anonymousHome();
    const cached = await anonymousHome();
    expect(cached.cache).toMatch(/hit/);
    expect(cached.html).not.toContain("tel:");

    const saved = await fetch(`${app.server.url}/dashboard/settings`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookies.manager ?? "", Origin: app.server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ contactPhone: "+880 1811-223344" }),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/dashboard/settings");

    const after = await anonymousHome();
    expect(after.html).toContain('href="tel:+8801811223344"');
    expect(after.html).toContain("+880 1811-223344");
  });

  test("a student gets 403 from Site Settings, for the page and for a post", async () => {
    const student = await signInOverHttp(app.server, app.users[2] as TestUser);
    expect((await get("/dashboard/settings", student)).status).toBe(403);
    const posted = await fetch(`${app.server.url}/dashboard/settings`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: student, Origin: app.server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ contactPhone: "+880 1999-999999" }),
    });
    expect(posted.status).toBe(403);
    expect(await (await fetch(`${app.server.url}/`)).text()).not.toContain("1999-999999");
  });
});
