import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { addConsultant as addConsultantProfile } from "~/.server/consultants/add-consultant";
import { db } from "~/.server/db";
import { applications as applicationsTable, auditEvents, networkingMembers, universities, users } from "~/.server/db/schema";
import type { Role } from "~/lib/roles";
import * as apply from "~/routes/apply";
import * as bookAppointment from "~/routes/book-appointment";
import * as bookConsultant from "~/routes/book-consultant";
import * as addConsultant from "~/routes/dashboard/add-new-consultant";
import * as addNetworkingMember from "~/routes/dashboard/add-new-networking-member";
import * as addUniversity from "~/routes/dashboard/add-university";
import * as application from "~/routes/dashboard/application";
import * as applications from "~/routes/dashboard/applications";
import * as appointmentTime from "~/routes/dashboard/appointment-time";
import * as bookingsPage from "~/routes/dashboard/bookings";
import * as changeRole from "~/routes/dashboard/change-role";
import * as compare from "~/routes/dashboard/compare";
import * as consultantEdit from "~/routes/dashboard/consultant-edit";
import * as consultantsList from "~/routes/dashboard/consultants";
import * as editProfile from "~/routes/dashboard/edit-user-profile";
import * as dashboardHome from "~/routes/dashboard/home";
import * as dashboardLayout from "~/routes/dashboard/layout";
import * as manageNetworking from "~/routes/dashboard/manage-networking-member";
import * as myApplication from "~/routes/dashboard/my-application";
import * as myApplications from "~/routes/dashboard/my-applications";
import * as myAppointments from "~/routes/dashboard/my-appointments";
import * as myBookings from "~/routes/dashboard/my-bookings";
import * as networkingMember from "~/routes/dashboard/networking-member";
import * as profile from "~/routes/dashboard/profile";
import * as siteSettings from "~/routes/dashboard/settings";
import * as shortlist from "~/routes/dashboard/shortlist";
import * as universitiesList from "~/routes/dashboard/universities";
import * as editUniversity from "~/routes/dashboard/university-edit";
import * as userManagement from "~/routes/dashboard/user-management";
import * as devDesign from "~/routes/dev/design";
import * as devMail from "~/routes/dev/mail";
import * as networking from "~/routes/networking";
import * as connect from "~/routes/networking-connect";
import { context, createUser, outcome, request, type TestUser } from "../support/accounts";
import { createSubmittedApplication } from "../support/applications";
import { consultantFields, consultantPicture } from "../support/booking";
import { withTestDatabase } from "../support/database-per-file";
import { sessionOf } from "../support/members";

withTestDatabase();

type Handler = (args: { request: Request; params: Record<string, string>; context: ReturnType<typeof context> }) => Promise<unknown>;
type Guarded = {
  name: string;
  path: string;
  handler: Handler;
  params?: Record<string, string>;
  method?: "POST";
  /** What a POST sends (default: an intent no form has). */
  form?: Record<string, string>;
  allowed: Role[] | "signed-in";
  /** What an admitted person may get besides 200 and 302 (an action refusing a made-up form: 400, or 404 for a made-up id). */
  admitted?: number[];
};

const people: Partial<Record<Role, TestUser>> = {};
/** The edit page needs a member that exists (an unknown id is a 404 for everyone allowed in). */
const memberParams = { id: "" };
/** The university edit page likewise needs a university: a built-in one. */
const universityParams = { id: "" };
/** The application page needs a submitted application (an unknown id is a 404 for staff). */
const applicationParams = { id: "" };
/** The consultant pages need a consultant that exists. */
const consultantParams = { id: "", consultantId: "" };
beforeAll(async () => {
  const [university] = await db()
    .select({ id: universities.id })
    .from(universities)
    .where(eq(universities.slug, "queens-university-belfast"));
  universityParams.id = university?.id ?? "";
  for (const role of ["student", "networking", "consultant", "manager", "admin"] as const) people[role] = await createUser({ role });
  applicationParams.id = (await createSubmittedApplication(await sessionOf(await createUser({ verified: true })))).id;
  // The consultant is a consultant in full: with the profile staff add.
  const consultant = await addConsultantProfile({
    actor: await sessionOf(people.manager as TestUser),
    fields: consultantFields({ email: (people.consultant as TestUser).email }),
    picture: await consultantPicture(),
  });
  consultantParams.id = consultant.id;
  consultantParams.consultantId = consultant.id;
  memberParams.id = "guarded-member";
  await db().insert(networkingMembers).values({
    id: memberParams.id,
    name: "Guarded Member",
    company: "Somewhere",
    address: "Oslo",
    location: "Denmark",
    category: "Chef",
    email: "guarded.member@example.com",
    phone: "+45 12 34 56 78",
    profession: "Chef",
    photo: "member-photos/guarded-member/none.webp",
  });
});

const asHandler = (fn: unknown) => fn as Handler;
const guarded: Guarded[] = [
  { name: "apply", path: "/apply", handler: asHandler(apply.loader), allowed: "signed-in" },
  { name: "networking", path: "/networking", handler: asHandler(networking.loader), allowed: "signed-in" },
  {
    name: "connect with a member",
    path: "/networking/guarded-member/connect",
    handler: asHandler(connect.loader),
    params: { memberId: "guarded-member" },
    allowed: ["student"],
  },
  { name: "book-appointment", path: "/book-appointment", handler: asHandler(bookAppointment.loader), allowed: "signed-in" },
  {
    name: "a consultant's booking page",
    path: "/book-appointment/guarded",
    handler: asHandler(bookConsultant.loader),
    params: consultantParams,
    allowed: "signed-in",
  },
  {
    name: "booking a slot",
    path: "/book-appointment/guarded",
    handler: asHandler(bookConsultant.action),
    params: consultantParams,
    method: "POST",
    allowed: "signed-in",
    admitted: [400],
  },
  { name: "my bookings", path: "/dashboard/my-bookings", handler: asHandler(myBookings.loader), allowed: "signed-in" },
  {
    name: "cancelling a booking",
    path: "/dashboard/my-bookings",
    handler: asHandler(myBookings.action),
    method: "POST",
    form: { booking: "no-such-booking" },
    allowed: "signed-in",
    admitted: [404],
  },
  { name: "dashboard layout", path: "/dashboard", handler: asHandler(dashboardLayout.loader), allowed: "signed-in" },
  { name: "dashboard overview", path: "/dashboard", handler: asHandler(dashboardHome.loader), allowed: "signed-in" },
  { name: "profile", path: "/dashboard/profile", handler: asHandler(profile.loader), allowed: "signed-in" },
  {
    name: "profile action",
    path: "/dashboard/profile",
    handler: asHandler(profile.action),
    method: "POST",
    allowed: "signed-in",
    admitted: [400],
  },
  {
    name: "applications",
    path: "/dashboard/applications",
    handler: asHandler(applications.loader),
    allowed: ["consultant", "manager", "admin"],
  },
  {
    name: "application",
    path: "/dashboard/applications/guarded",
    handler: asHandler(application.loader),
    params: applicationParams,
    allowed: ["consultant", "manager", "admin"],
  },
  {
    name: "a message on an application, as staff",
    path: "/dashboard/applications/guarded",
    handler: asHandler(application.action),
    params: applicationParams,
    method: "POST",
    form: { intent: "message", body: "Is the passport scan readable?" },
    allowed: ["consultant", "manager", "admin"],
  },
  {
    name: "assigning an application",
    path: "/dashboard/applications/guarded",
    handler: asHandler(application.action),
    params: applicationParams,
    method: "POST",
    form: { intent: "assign", assigneeId: "no-such-consultant" },
    allowed: ["manager", "admin"],
    admitted: [400],
  },
  { name: "my applications", path: "/dashboard/my-applications", handler: asHandler(myApplications.loader), allowed: "signed-in" },
  { name: "every booking", path: "/dashboard/bookings", handler: asHandler(bookingsPage.loader), allowed: ["manager", "admin"] },
  {
    name: "a manager changing a booking's status",
    path: "/dashboard/bookings",
    handler: asHandler(bookingsPage.action),
    method: "POST",
    form: { booking: "no-such-booking", status: "accepted" },
    allowed: ["manager", "admin"],
    admitted: [404],
  },
  { name: "my appointments", path: "/dashboard/my-appointments", handler: asHandler(myAppointments.loader), allowed: ["consultant"] },
  { name: "appointment time", path: "/dashboard/appointment-time", handler: asHandler(appointmentTime.loader), allowed: ["consultant"] },
  {
    name: "changing a booking's status",
    path: "/dashboard/my-appointments",
    handler: asHandler(myAppointments.action),
    method: "POST",
    form: { booking: "no-such-booking", status: "accepted" },
    allowed: ["consultant"],
    admitted: [404],
  },
  {
    name: "adding or deleting a slot",
    path: "/dashboard/appointment-time",
    handler: asHandler(appointmentTime.action),
    method: "POST",
    form: { intent: "delete", slot: "no-such-slot" },
    allowed: ["consultant"],
    admitted: [404],
  },
  {
    name: "add university",
    path: "/dashboard/add-university",
    handler: asHandler(addUniversity.loader),
    allowed: ["consultant", "manager", "admin"],
  },
  {
    name: "add consultant",
    path: "/dashboard/add-new-consultant",
    handler: asHandler(addConsultant.loader),
    allowed: ["manager", "admin"],
  },
  {
    name: "add consultant action",
    path: "/dashboard/add-new-consultant",
    handler: asHandler(addConsultant.action),
    method: "POST",
    allowed: ["manager", "admin"],
    admitted: [400],
  },
  { name: "consultants", path: "/dashboard/consultants", handler: asHandler(consultantsList.loader), allowed: ["manager", "admin"] },
  {
    name: "deactivating a consultant",
    path: "/dashboard/consultants",
    handler: asHandler(consultantsList.action),
    method: "POST",
    form: { consultant: "no-such-consultant", active: "false" },
    allowed: ["manager", "admin"],
    admitted: [404],
  },
  {
    name: "edit consultant",
    path: "/dashboard/consultants/guarded",
    handler: asHandler(consultantEdit.loader),
    params: consultantParams,
    allowed: ["manager", "admin"],
  },
  {
    name: "edit consultant action",
    path: "/dashboard/consultants/guarded",
    handler: asHandler(consultantEdit.action),
    params: consultantParams,
    method: "POST",
    allowed: ["manager", "admin"],
    admitted: [400],
  },
  { name: "user management", path: "/dashboard/user-management", handler: asHandler(userManagement.loader), allowed: ["manager", "admin"] },
  {
    name: "add networking member",
    path: "/dashboard/add-new-networking-member",
    handler: asHandler(addNetworkingMember.loader),
    allowed: ["manager", "admin"],
  },
  {
    name: "manage networking members",
    path: "/dashboard/manage-networking-member",
    handler: asHandler(manageNetworking.loader),
    allowed: ["manager", "admin"],
  },
  {
    name: "edit networking member",
    path: "/dashboard/networkings/guarded-member",
    handler: asHandler(networkingMember.loader),
    params: memberParams,
    allowed: ["manager", "admin"],
  },
  {
    name: "universities list",
    path: "/dashboard/universities",
    handler: asHandler(universitiesList.loader),
    allowed: ["consultant", "manager", "admin"],
  },
  {
    name: "edit university",
    path: "/dashboard/universities/guarded",
    handler: asHandler(editUniversity.loader),
    params: universityParams,
    allowed: ["consultant", "manager", "admin"],
  },
  { name: "shortlist", path: "/dashboard/shortlist", handler: asHandler(shortlist.loader), allowed: "signed-in" },
  { name: "compare", path: "/dashboard/shortlist/compare", handler: asHandler(compare.loader), allowed: "signed-in" },
  { name: "site settings", path: "/dashboard/settings", handler: asHandler(siteSettings.loader), allowed: ["manager", "admin"] },
  {
    name: "site settings action",
    path: "/dashboard/settings",
    handler: asHandler(siteSettings.action),
    method: "POST",
    allowed: ["manager", "admin"],
  },
];

async function run(route: Guarded, user: TestUser | null) {
  const req = request(route.path, { user, method: route.method, form: route.method ? (route.form ?? { intent: "nothing" }) : undefined });
  return outcome(() => route.handler({ request: req, params: route.params ?? {}, context: context() }));
}

describe.each(guarded)("$name", (route) => {
  test("sends a signed-out visitor to sign in, and back here afterwards", async () => {
    const result = await run(route, null);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?${new URLSearchParams({ redirectTo: route.path })}`);
    expect(result.response?.headers.get("Set-Cookie")).toContain("onward.toast=");
  });

  test("admits exactly the roles it should", async () => {
    for (const role of ["student", "networking", "consultant", "manager", "admin"] as const) {
      const result = await run(route, people[role] ?? null);
      const admitted = route.allowed === "signed-in" || route.allowed.includes(role);
      if (admitted) expect([200, 302, 303, ...(route.admitted ?? [])], `${role} on ${route.path}`).toContain(result.status);
      else expect(result.status, `${role} on ${route.path}`).toBe(403);
    }
  });
});

describe("refusals", () => {
  test("an application's status changes for staff only: anyone else's post is refused (403), a signed-out one sent to sign in", async () => {
    const post = (user: TestUser | null) =>
      outcome(() =>
        application.action({
          request: request(`/dashboard/applications/${applicationParams.id}`, { user, form: { status: "processing" } }),
          params: applicationParams,
          context: context(),
        } as never),
      );
    expect((await post(null)).status).toBe(302);
    for (const role of ["student", "networking"] as const) expect((await post(people[role] as TestUser)).status, role).toBe(403);
    for (const role of ["consultant", "manager", "admin"] as const) expect((await post(people[role] as TestUser)).status, role).toBe(303);
  });

  test("someone's application page is a 404 for everyone but its owner (signed-out visitors are sent to sign in)", async () => {
    const load = (user: TestUser | null) =>
      outcome(() =>
        myApplication.loader({
          request: request(`/dashboard/my-applications/${applicationParams.id}`, { user }),
          params: applicationParams,
          context: context(),
        } as never),
      );
    expect((await load(null)).status).toBe(302);
    for (const role of ["student", "networking", "consultant", "manager", "admin"] as const)
      expect((await load(people[role] as TestUser)).status, role).toBe(404);
  });

  test("someone's application takes no message, withdrawal or new copy from anyone but its owner (404, nothing changes)", async () => {
    const post = (user: TestUser | null, form: Record<string, string>) =>
      outcome(() =>
        myApplication.action({
          request: request(`/dashboard/my-applications/${applicationParams.id}`, { user, form }),
          params: applicationParams,
          context: context(),
        } as never),
      );
    const forms: Record<string, string>[] = [{ intent: "message", body: "Hello" }, { intent: "withdraw" }];
    for (const form of forms) {
      expect((await post(null, form)).status).toBe(302);
      for (const role of ["student", "networking", "consultant", "manager", "admin"] as const)
        expect((await post(people[role] as TestUser, form)).status, `${role} ${form.intent}`).toBe(404);
    }
    const [row] = await db()
      .select({ status: applicationsTable.status })
      .from(applicationsTable)
      .where(eq(applicationsTable.id, applicationParams.id));
    expect(row?.status).not.toBe("withdrawn");
  });

  test("the role-change confirmation page refuses students and signed-out visitors, and admits managers", async () => {
    const target = people.networking as TestUser;
    const load = (user: TestUser | null) =>
      outcome(() =>
        changeRole.loader({
          request: request(`/dashboard/user-management/${target.id}/role?role=consultant`, { user }),
          params: { id: target.id },
          context: context(),
        } as never),
      );
    expect((await load(null)).status).toBe(302);
    expect((await load(people.student as TestUser)).status).toBe(403);
    expect((await load(people.consultant as TestUser)).status).toBe(403);
    expect((await load(people.manager as TestUser)).status).toBe(200);
  });

  test("the development mailbox and the design page do not exist outside development", async () => {
    expect((await outcome(() => devMail.loader())).status).toBe(404);
    expect((await outcome(async () => devDesign.loader())).status).toBe(404);
  });

  test("are recorded in the audit log", async () => {
    const student = people.student as TestUser;
    await run(guarded.find((route) => route.name === "user management") as Guarded, student);
    const events = await db().select().from(auditEvents).where(eq(auditEvents.actorId, student.id));
    expect(events.some((event) => event.action === "access.refused" && event.detail?.path === "/dashboard/user-management")).toBe(true);
  });

  test("a student cannot open or save another person's profile", async () => {
    const student = people.student as TestUser;
    const other = people.consultant as TestUser;
    const params = { email: other.email };
    const load = await outcome(() =>
      editProfile.loader({
        request: request(`/dashboard/edit-user-profile/${other.email}`, { user: student }),
        params,
        context: context(),
      } as never),
    );
    expect(load.status).toBe(403);
    const save = await outcome(() =>
      editProfile.action({
        request: request(`/dashboard/edit-user-profile/${other.email}`, {
          user: student,
          form: { name: "Hacked", phone: "", address: "" },
        }),
        params,
        context: context(),
      } as never),
    );
    expect(save.status).toBe(403);
  });

  test("posting a role with a profile edit changes nothing but the profile", async () => {
    const student = await createUser();
    const save = await outcome(() =>
      editProfile.action({
        request: request(`/dashboard/edit-user-profile/${student.email}`, {
          user: student,
          form: { name: "Renamed", phone: "", address: "", role: "admin", email: "other@example.com" },
        }),
        params: { email: student.email },
        context: context(),
      } as never),
    );
    expect(save.status).toBe(302);
    const [row] = await db().select().from(users).where(eq(users.id, student.id));
    expect(row).toMatchObject({ name: "Renamed", role: "student", email: student.email });
  });

  test("a student cannot change roles, even by posting directly", async () => {
    const student = people.student as TestUser;
    const target = people.networking as TestUser;
    const result = await outcome(() =>
      changeRole.action({
        request: request(`/dashboard/user-management/${target.id}/role`, { user: student, form: { role: "admin" } }),
        params: { id: target.id },
        context: context(),
      } as never),
    );
    expect(result.status).toBe(403);
  });
});
