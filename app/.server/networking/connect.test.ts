import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { CONNECT_DAILY_LIMIT } from "~/lib/schemas/networking";
import { m } from "~/paraglide/messages";
import * as profileRoute from "~/routes/dashboard/profile";
import * as directoryRoute from "~/routes/networking";
import * as connectRoute from "~/routes/networking-connect";
import { context, createUser, outcome, request, type TestUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { memberChoices, memberFields, memberPhoto, refusal, sessionOf, toastOf } from "../../../tests/support/members";
import { db } from "../db";
import { mailOutbox, memberMessages, networkingMembers } from "../db/schema";
import { addMember } from "./add-member";
import { sendConnectMessage } from "./connect";
import { findOwnMemberEntry, setAcceptsMessages } from "./own-entry";
import { setMemberStatus } from "./set-member-status";

withTestDatabase();

const hello = "Hello! I am starting a master's in Finland next year and would love to hear how you found work there.";

async function newMember(overrides: Parameters<typeof memberFields>[0] = {}) {
  const manager = await sessionOf(await createUser({ role: "manager" }));
  return addMember({ actor: manager, fields: memberFields(overrides), photo: await memberPhoto(), choices: memberChoices });
}

async function mailsTo(address: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.to, address));
}

describe("sending a Connect message", () => {
  test("queues one e-mail to the member with the student's address as reply-to, and records the message", async () => {
    const member = await newMember({ name: "Tanvir Hasan" });
    const student = await sessionOf(await createUser({ verified: true, name: "Rumana Akter" }));
    const result = await sendConnectMessage({ sender: student, memberId: member.id, message: `  ${hello} <b>hi</b> ` });
    expect(result).toEqual({ memberName: "Tanvir Hasan" });

    const [mail] = await mailsTo(member.email);
    expect(mail).toMatchObject({ replyTo: student.email, subject: "Rumana Akter wrote to you through Onward", status: "pending" });
    expect(mail?.text).toContain(`${hello} <b>hi</b>`);
    expect(mail?.text).toContain(`at ${student.email}`);
    expect(mail?.html).not.toContain("<b>hi</b>");
    const [stored] = await db().select().from(memberMessages).where(eq(memberMessages.senderId, student.id));
    expect(stored).toMatchObject({ memberId: member.id, message: `${hello} <b>hi</b>` });
  });

  test("refuses an unconfirmed e-mail address, a short or long message, and a member not listed or not taking messages", async () => {
    const member = await newMember();
    const unverified = await sessionOf(await createUser());
    expect((await refusal(sendConnectMessage({ sender: unverified, memberId: member.id, message: hello }))).message).toBe(
      m.server_verify_before_connect({}, { locale: "en" }),
    );
    const student = await sessionOf(await createUser({ verified: true }));
    const short = await refusal(sendConnectMessage({ sender: student, memberId: member.id, message: "hi there" }));
    expect(short).toMatchObject({ code: "INVALID" });
    expect(short.fieldErrors.message).toMatch(/at least 20/);
    expect((await refusal(sendConnectMessage({ sender: student, memberId: member.id, message: "a".repeat(1_001) }))).code).toBe("INVALID");
    expect((await refusal(sendConnectMessage({ sender: student, memberId: "no-such-member", message: hello }))).code).toBe("NOT_FOUND");

    const manager = await sessionOf(await createUser({ role: "manager" }));
    await setMemberStatus({ actor: manager, id: member.id, status: "Inactive" });
    expect((await refusal(sendConnectMessage({ sender: student, memberId: member.id, message: hello }))).message).toBe(
      m.server_not_taking_messages({}, { locale: "en" }),
    );
    await setMemberStatus({ actor: manager, id: member.id, status: "Active" });
    await db().update(networkingMembers).set({ acceptsMessages: false }).where(eq(networkingMembers.id, member.id));
    expect((await refusal(sendConnectMessage({ sender: student, memberId: member.id, message: hello }))).code).toBe("NOT_FOUND");

    expect(await mailsTo(member.email)).toHaveLength(0);
    expect(await db().select().from(memberMessages).where(eq(memberMessages.memberId, member.id))).toHaveLength(0);
  });

  test(`allows ${CONNECT_DAILY_LIMIT} messages in 24 hours, even when they are sent at once, and says when the next may go`, async () => {
    const members = await Promise.all(Array.from({ length: CONNECT_DAILY_LIMIT + 3 }, () => newMember()));
    const student = await sessionOf(await createUser({ verified: true }));
    const [first, ...rest] = members;
    if (!first) throw new Error("no members");
    // A message from yesterday no longer counts.
    await db()
      .insert(memberMessages)
      .values({ memberId: first.id, senderId: student.id, message: hello, createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });

    const results = await Promise.allSettled(
      rest.map((member) => sendConnectMessage({ sender: student, memberId: member.id, message: hello })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(CONNECT_DAILY_LIMIT);
    const refused = results.filter((result) => result.status === "rejected").map((result) => result.reason);
    expect(refused).toHaveLength(2);
    for (const reason of refused) {
      expect(reason).toMatchObject({ code: "RATE_LIMITED" });
      expect(reason.message).toMatch(/^You can write to 5 members a day\. You can write again in (23|24) hours\.$/);
      expect(reason.retryAfterSeconds).toBeGreaterThan(23 * 60 * 60);
    }
    expect((await db().select().from(mailOutbox)).filter((mail) => mail.replyTo === student.email)).toHaveLength(CONNECT_DAILY_LIMIT);
  });
});

describe("a member's own switch", () => {
  test("finds the entry by account, or by a confirmed e-mail address only; turning messages off links the account", async () => {
    const member = await newMember({ email: "later.signup@example.com" });
    const unconfirmed = await sessionOf(await createUser({ email: "later.signup@example.com" }));
    expect(await findOwnMemberEntry(unconfirmed)).toBeNull();
    await expect(setAcceptsMessages(unconfirmed, false)).rejects.toMatchObject({ code: "NOT_FOUND" });

    const confirmed = { ...unconfirmed, emailVerified: true };
    expect(await findOwnMemberEntry(confirmed)).toEqual({ id: member.id, acceptsMessages: true });
    await setAcceptsMessages(confirmed, false);
    const [row] = await db().select().from(networkingMembers).where(eq(networkingMembers.id, member.id));
    expect(row).toMatchObject({ acceptsMessages: false, userId: unconfirmed.id });
  });
});

describe("the pages", () => {
  const connectPath = (memberId: string) => `/networking/${memberId}/connect`;
  const load = (memberId: string, user: TestUser | null) =>
    outcome(() =>
      connectRoute.loader({ request: request(connectPath(memberId), { user }), params: { memberId }, context: context() } as never),
    );
  const post = (memberId: string, user: TestUser | null, message: string) =>
    outcome(() =>
      connectRoute.action({
        request: request(connectPath(memberId), { user, form: { message } }),
        params: { memberId },
        context: context(),
      } as never),
    );

  test("a student writes from the Connect page and returns to the directory with the toast; anyone else is refused", async () => {
    const member = await newMember({ name: "Sadia Islam" });
    const studentUser = await createUser({ verified: true });
    const page = await load(member.id, studentUser);
    expect(page.status).toBe(200);
    expect(page.value).toMatchObject({
      member: { name: "Sadia Islam" },
      messagesLeft: CONNECT_DAILY_LIMIT,
      student: { emailVerified: true },
    });
    expect(JSON.stringify(page.value)).not.toContain(member.email);
    expect(JSON.stringify(page.value)).not.toContain(member.phone);

    const sent = await post(member.id, studentUser, hello);
    expect(sent).toMatchObject({ status: 303, location: "/networking" });
    expect(await toastOf(sent.response)).toBe(`Your message is on its way to Sadia Islam. Their reply will come to ${studentUser.email}.`);
    expect(await mailsTo(member.email)).toHaveLength(1);

    const tooShort = await post(member.id, studentUser, "hi");
    expect(tooShort.status).toBe(400);
    expect((tooShort.value as { result: { initialValue: { message: string } } }).result.initialValue.message).toBe("hi");

    expect((await load(member.id, null)).status).toBe(302);
    expect((await post(member.id, null, hello)).status).toBe(302);
    for (const role of ["manager", "consultant", "networking"] as const) {
      const staff = await createUser({ role, verified: true });
      expect((await load(member.id, staff)).status).toBe(403);
      expect((await post(member.id, staff, hello)).status).toBe(403);
    }
    expect((await load("no-such-member", studentUser)).status).toBe(404);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  test("the directory offers Connect to students only, and only for members taking messages", async () => {
    const open = await newMember({ name: "Open Member" });
    const closed = await newMember({ name: "Closed Member" });
    await db().update(networkingMembers).set({ acceptsMessages: false }).where(eq(networkingMembers.id, closed.id));
    const directory = async (user: TestUser) => {
      const result = await outcome(() =>
        directoryRoute.loader({ request: request("/networking", { user }), params: {}, context: context() } as never),
      );
      const items = (result.value as Awaited<ReturnType<typeof directoryRoute.loader>>).items;
      return Object.fromEntries(items.map((item) => [item.id, item.canConnect]));
    };
    expect(await directory(await createUser())).toMatchObject({ [open.id]: true, [closed.id]: false });
    expect(await directory(await createUser({ role: "manager" }))).toMatchObject({ [open.id]: false, [closed.id]: false });
  });

  test("a listed member turns messages off and on from the profile page; someone not listed cannot", async () => {
    const memberUser = await createUser({ email: "listed.member@example.com", verified: true });
    const member = await newMember({ email: "listed.member@example.com" });
    const profile = (user: TestUser) =>
      outcome(() => profileRoute.loader({ request: request("/dashboard/profile", { user }), params: {}, context: context() } as never));
    const toggle = (user: TestUser, acceptsMessages: string) =>
      outcome(() =>
        profileRoute.action({
          request: request("/dashboard/profile", { user, form: { intent: "member-messages", acceptsMessages } }),
          params: {},
          context: context(),
        } as never),
      );

    expect((await profile(memberUser)).value).toMatchObject({ memberEntry: { id: member.id, acceptsMessages: true } });
    const off = await toggle(memberUser, "off");
    expect(off.status).toBe(302);
    expect(await toastOf(off.response)).toBe("Students can no longer write to you through Onward.");
    expect((await profile(memberUser)).value).toMatchObject({ memberEntry: { acceptsMessages: false } });
    expect((await toggle(memberUser, "on")).status).toBe(302);
    expect((await profile(memberUser)).value).toMatchObject({ memberEntry: { acceptsMessages: true } });
    expect((await toggle(memberUser, "maybe")).status).toBe(400);

    const stranger = await createUser({ verified: true });
    expect((await profile(stranger)).value).toMatchObject({ memberEntry: null });
    expect((await toggle(stranger, "off")).status).toBe(404);
  });
});
