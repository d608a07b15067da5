import { z } from "zod";
import { addMember } from "~/.server/networking/add-member";
import { getMemberChoices } from "~/.server/networking/choices";
import { sendConnectMessage } from "~/.server/networking/connect";
import { deleteMember } from "~/.server/networking/delete-member";
import { listMembers } from "~/.server/networking/list-members";
import { memberPhotoUrl } from "~/.server/networking/member-photo";
import { findMember, type Member } from "~/.server/networking/members";
import { searchDirectory } from "~/.server/networking/search-directory";
import { setMemberStatus } from "~/.server/networking/set-member-status";
import { updateMember } from "~/.server/networking/update-member";
import { pageRoles } from "~/lib/dashboard-menu";
import { DIRECTORY_SEARCH_MAX_LENGTH, memberStatuses } from "~/lib/networking";
import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import { ConnectFormSchema, MemberFormSchema } from "~/lib/schemas/networking";
import { defineOperation } from "./operation.server";
import { pageQuery } from "./respond.server";

const managers = pageRoles.networkingMembers;
const idParams = z.object({ id: z.string().max(100) });

/** What a signed-in person sees of a member in the directory: never their e-mail or phone. */
const DirectoryMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  profession: z.string(),
  company: z.string(),
  address: z.string(),
  location: z.string(),
  category: z.string(),
  photoUrl: z.string(),
  linkedin: z.string().nullable(),
  twitter: z.string().nullable(),
  bookingUrl: z.string().nullable(),
  acceptsMessages: z.boolean(),
});

/** A member as the managers who run the directory see them. */
const MemberSchema = DirectoryMemberSchema.omit({ acceptsMessages: true }).extend({
  email: z.string(),
  phone: z.string(),
  status: z.enum(memberStatuses),
  acceptsMessages: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});

function memberData(member: Member): z.infer<typeof MemberSchema> {
  const { photo, userId: _account, createdBy: _creator, createdAt: _created, updatedAt, ...fields } = member;
  return { ...fields, photoUrl: memberPhotoUrl(photo), updatedAt: updatedAt.toISOString() };
}

export const networkingOperations = [
  defineOperation({
    id: "searchDirectory",
    method: "GET",
    path: "/networking",
    tag: "Networking",
    summary: "Active members by name, profession or company (typos tolerated), location and field",
    access: "signed-in",
    query: pageQuery.extend({
      q: z.string().max(DIRECTORY_SEARCH_MAX_LENGTH, `Use at most ${DIRECTORY_SEARCH_MAX_LENGTH} characters`).optional(),
      location: z.string().max(100).optional(),
      category: z.string().max(100).optional(),
    }),
    response: z.array(DirectoryMemberSchema),
    paginated: true,
    async run({ query }) {
      const choices = await getMemberChoices();
      const unknown =
        (query.location && !choices.locations.includes(query.location)) || (query.category && !choices.categories.includes(query.category));
      if (unknown) return { data: [], meta: { page: 1, pageSize: query.pageSize, total: 0 } };
      const list = await searchDirectory({
        q: query.q,
        location: query.location,
        category: query.category,
        page: query.page,
        pageSize: query.pageSize,
      });
      return {
        data: list.items.map(({ photo, ...member }) => ({ ...member, photoUrl: memberPhotoUrl(photo) })),
        meta: { page: list.page, pageSize: query.pageSize, total: list.total },
      };
    },
  }),
  defineOperation({
    id: "connectWithMember",
    method: "POST",
    path: "/networking/{id}/messages",
    tag: "Networking",
    summary: "Write to a member (students): sent by e-mail with the student's address to reply to",
    access: pageRoles.connectWithMember,
    params: idParams,
    body: ConnectFormSchema,
    response: z.object({ memberName: z.string() }),
    status: 201,
    refusals: [404, 429],
    async run({ params, body, user }) {
      return { data: await sendConnectMessage({ sender: user, memberId: params.id, message: body.message }), status: 201 };
    },
  }),
  defineOperation({
    id: "listMembers",
    method: "GET",
    path: "/networking-members",
    tag: "Networking",
    summary: "Every member, active or not, with their contact details (managers)",
    access: managers,
    query: pageQuery.extend({ q: z.string().max(DIRECTORY_SEARCH_MAX_LENGTH).optional() }),
    response: z.array(MemberSchema),
    paginated: true,
    async run({ query }) {
      const list = await listMembers({ q: query.q?.trim() ?? "", page: query.page, pageSize: query.pageSize });
      return { data: list.items.map(memberData), meta: { page: list.page, pageSize: query.pageSize, total: list.total } };
    },
  }),
  defineOperation({
    id: "getMember",
    method: "GET",
    path: "/networking-members/{id}",
    tag: "Networking",
    summary: "One member with their contact details (managers)",
    access: managers,
    params: idParams,
    response: MemberSchema,
    async run({ params }) {
      return { data: memberData(await findMember(params.id)) };
    },
  }),
  defineOperation({
    id: "setMemberStatus",
    method: "PUT",
    path: "/networking-members/{id}/status",
    tag: "Networking",
    summary: "Show a member in the directory (Active) or hide them (Inactive)",
    access: managers,
    params: idParams,
    body: z.object({ status: z.enum(memberStatuses, { error: "Choose Active or Inactive" }) }),
    response: z.object({ status: z.enum(memberStatuses) }),
    async run({ params, body, user }) {
      return { data: { status: await setMemberStatus({ actor: user, id: params.id, status: body.status }) } };
    },
  }),
  defineOperation({
    id: "deleteMember",
    method: "DELETE",
    path: "/networking-members/{id}",
    tag: "Networking",
    summary: "Delete a member and their photo",
    access: managers,
    params: idParams,
    response: z.object({ done: z.literal(true) }),
    async run({ params, user }) {
      await deleteMember({ actor: user, id: params.id });
      return { data: { done: true as const } };
    },
  }),
  defineOperation({
    id: "createMember",
    method: "POST",
    path: "/networking-members",
    tag: "Networking",
    summary: "Add a member (managers): the add form's nine fields and their photo",
    access: managers,
    form: { file: "profile", maxBytes: PHOTO_FORM_MAX_BYTES },
    body: MemberFormSchema,
    response: MemberSchema,
    status: 201,
    refusals: [409],
    async run({ body, file, user }) {
      return {
        data: memberData(await addMember({ actor: user, fields: body, photo: file, choices: await getMemberChoices() })),
        status: 201,
      };
    },
  }),
  defineOperation({
    id: "updateMember",
    method: "PATCH",
    path: "/networking-members/{id}",
    tag: "Networking",
    summary: "Save the edit form over a member (managers); a new photo only when one is sent",
    access: managers,
    params: idParams,
    form: { file: "profile", maxBytes: PHOTO_FORM_MAX_BYTES },
    body: MemberFormSchema,
    response: MemberSchema,
    refusals: [409],
    async run({ params, body, file, user }) {
      return {
        data: memberData(await updateMember({ actor: user, id: params.id, fields: body, photo: file, choices: await getMemberChoices() })),
      };
    },
  }),
];
