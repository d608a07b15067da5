import { z } from "zod";
import { getApiUser } from "~/.server/auth/session";
import { getAcademicProfile, saveAcademicProfile } from "~/.server/users/academic-profile";
import { changeUserRole, findUser, listUsers } from "~/.server/users/manage";
import { updateProfile } from "~/.server/users/profile";
import { otherEnglishTests, studyLevels } from "~/lib/academic-profile";
import { pageRoles } from "~/lib/dashboard-menu";
import { roles } from "~/lib/roles";
import { AcademicProfileFormSchema } from "~/lib/schemas/academic-profile";
import { ProfileSchema } from "~/lib/schemas/profile";
import { ChangeRoleSchema, USER_SEARCH_MAX_LENGTH } from "~/lib/schemas/users";
import { UserSchema, userData } from "./auth.server";
import { defineOperation } from "./operation.server";
import { pageQuery } from "./respond.server";

const managers = pageRoles.userManagement;
const UserRowSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(roles) });
const idParams = z.object({ id: z.string().max(100) });

const AcademicProfileSchema = z.object({
  sscGpa: z.number().nullable(),
  hscGpa: z.number().nullable(),
  bachelorCgpa: z.number().nullable(),
  ieltsOverall: z.number().nullable(),
  englishTest: z.enum(otherEnglishTests).nullable(),
  englishScore: z.number().nullable(),
  level: z.enum(studyLevels).nullable(),
  subject: z.string().nullable(),
  preferredCountries: z.array(z.string()),
  yearlyBudgetBdt: z.number().int().nullable(),
});

export const userOperations = [
  defineOperation({
    id: "updateOwnProfile",
    method: "PATCH",
    path: "/me",
    tag: "Accounts",
    summary: "Change one's name, phone, address and time zone",
    description: "The profile form's fields; `timeZone` left out stays as it is. The e-mail and the role never change here.",
    access: "signed-in",
    body: ProfileSchema,
    response: UserSchema,
    async run({ body, user, request }) {
      await updateProfile({ actor: user, email: user.email, ...body });
      // The session's cached person was emptied by the change: read it again.
      const fresh = await getApiUser(new Request(request.url, { headers: { Authorization: request.headers.get("Authorization") ?? "" } }));
      return { data: userData(fresh ?? user) };
    },
  }),
  defineOperation({
    id: "getAcademicProfile",
    method: "GET",
    path: "/me/academic-profile",
    tag: "Plan",
    summary: "A student's grades, English test, plans and budget (what fit reads)",
    access: pageRoles.academicProfile,
    response: AcademicProfileSchema,
    async run({ user }) {
      return { data: await getAcademicProfile(user.id) };
    },
  }),
  defineOperation({
    id: "saveAcademicProfile",
    method: "PUT",
    path: "/me/academic-profile",
    tag: "Plan",
    summary: "Save the academic profile (every field optional; a field left out is emptied)",
    access: pageRoles.academicProfile,
    body: AcademicProfileFormSchema,
    response: AcademicProfileSchema,
    async run({ body, user }) {
      return { data: await saveAcademicProfile(user.id, body) };
    },
  }),
  defineOperation({
    id: "listUsers",
    method: "GET",
    path: "/users",
    tag: "Users",
    summary: "Every account, newest first, by a part of the name or e-mail",
    access: managers,
    query: pageQuery.extend({ q: z.string().max(USER_SEARCH_MAX_LENGTH, `Use at most ${USER_SEARCH_MAX_LENGTH} characters`).optional() }),
    response: z.array(UserRowSchema),
    paginated: true,
    async run({ query }) {
      const list = await listUsers({ search: query.q?.trim() ?? "", page: query.page, pageSize: query.pageSize });
      return {
        data: list.items.map(({ id, name, email, role }) => ({ id, name, email, role })),
        meta: { page: list.page, pageSize: query.pageSize, total: list.total },
      };
    },
  }),
  defineOperation({
    id: "getUser",
    method: "GET",
    path: "/users/{id}",
    tag: "Users",
    summary: "One account",
    access: managers,
    params: idParams,
    response: UserRowSchema,
    async run({ params }) {
      const { id, name, email, role } = await findUser(params.id);
      return { data: { id, name, email, role } };
    },
  }),
  defineOperation({
    id: "setUserRole",
    method: "PUT",
    path: "/users/{id}/role",
    tag: "Users",
    summary: "Give an account another role",
    description:
      "As on the user management page: a manager cannot make an admin, change their own role or an admin's; the person's sessions keep working with the new role.",
    access: managers,
    params: idParams,
    body: ChangeRoleSchema,
    response: UserRowSchema,
    refusals: [404, 409],
    async run({ params, body, user }) {
      const { id, name, email, role } = await changeUserRole({ actor: user, targetId: params.id, role: body.role });
      return { data: { id, name, email, role } };
    },
  }),
];
