import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { SiteSettingsSchema } from "~/lib/schemas/settings";
import * as memberPhotoRoute from "~/routes/api/member-photo";
import * as addRoute from "~/routes/dashboard/add-new-networking-member";
import * as manageRoute from "~/routes/dashboard/manage-networking-member";
import * as editRoute from "~/routes/dashboard/networking-member";
import * as directoryRoute from "~/routes/networking";
import { context, createUser, outcome, request, type TestUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { memberChoices, memberFields, memberPhoto, refusal, sessionOf, toastOf } from "../../../tests/support/members";
import { db } from "../db";
import { auditEvents, networkingMembers, users } from "../db/schema";
import { updateSiteSettings } from "../settings/update-site-settings";
import { getStorage } from "../storage/storage";
import { addMember } from "./add-member";
import { getMemberChoices } from "./choices";
import { deleteMember } from "./delete-member";
import { listMembers } from "./list-members";
import { findMember } from "./members";
import { defaultJobCategories, defaultMemberLocations, type MemberInput } from "./schema";
import { searchDirectory } from "./search-directory";
import { setMemberStatus } from "./set-member-status";
import { updateMember } from "./update-member";

withTestDatabase();

const choices = memberChoices;

describe("adding a member", () => {
  test("stores the member Active with a re-encoded photo, links the student with that e-mail and makes them networking", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    const student = await createUser({ email: "nadia.abroad@example.com" });
    const member = await addMember({
      actor: manager,
      fields: memberFields({ email: "Nadia.Abroad@example.com" }),
      photo: await memberPhoto(),
      choices,
    });
    expect(member).toMatchObject({ status: "Active", userId: student.id, linkedin: "https://www.linkedin.com/in/member", twitter: null });
    const stored = await getStorage().get(member.photo);
    expect(stored && (await sharp(stored).metadata()).format).toBe("webp");
    const [account] = await db().select({ role: users.role }).from(users).where(eq(users.id, student.id));
    expect(account?.role).toBe("networking");
    const events = await db().select().from(auditEvents).where(eq(auditEvents.targetId, student.id));
    expect(events.map((event) => event.action).sort()).toEqual(["networking.member-added", "role.changed"]);
  });

  test("never demotes staff: a consultant listed as a member stays a consultant", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    const consultant = await createUser({ role: "consultant" });
    const member = await addMember({
      actor: manager,
      fields: memberFields({ email: consultant.email }),
      photo: await memberPhoto(),
      choices,
    });
    expect(member.userId).toBe(consultant.id);
    const [account] = await db().select({ role: users.role }).from(users).where(eq(users.id, consultant.id));
    expect(account?.role).toBe("consultant");
  });

  test.each([
    ["a javascript: LinkedIn address", { linkedin: "javascript:alert(1)" }, "linkedin"],
    ["a LinkedIn address on another site", { linkedin: "https://evil.example/in/x" }, "linkedin"],
    ["a plain http LinkedIn address", { linkedin: "http://www.linkedin.com/in/x" }, "linkedin"],
    ["a Twitter address on another site", { twitter: "https://twitter.com.evil.example/x" }, "twitter"],
    ["a phone with letters", { phone: "+880 17 CALL ME" }, "phone"],
    ["a location not on the list", { location: "United State" }, "location"],
    ["a category not on the list", { category: "Astronaut" }, "category"],
    ["a missing profession", { profession: "" }, "profession"],
  ])("refuses %s, naming the field, and adds nothing", async (_, overrides, field) => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    const input = memberFields(overrides);
    const error = await refusal(addMember({ actor: manager, fields: input, photo: await memberPhoto(), choices }));
    expect(error.code).toBe("INVALID");
    expect(Object.keys(error.fieldErrors)).toEqual([field]);
    expect(
      await db()
        .select()
        .from(networkingMembers)
        .where(eq(networkingMembers.email, String(input.email))),
    ).toEqual([]);
  });

  test("accepts x.com and twitter.com addresses", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    for (const twitter of ["https://x.com/someone", "https://twitter.com/someone", "https://mobile.twitter.com/someone"]) {
      const member = await addMember({ actor: manager, fields: memberFields({ twitter }), photo: await memberPhoto(), choices });
      expect(member.twitter).toBe(twitter);
    }
  });

  test("refuses a second member with the same e-mail (any case) and a file that is not an image", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    await addMember({ actor: manager, fields: memberFields({ email: "twice@example.com" }), photo: await memberPhoto(), choices });
    const duplicate = await refusal(
      addMember({ actor: manager, fields: memberFields({ email: "TWICE@example.com" }), photo: await memberPhoto(), choices }),
    );
    expect(duplicate).toMatchObject({ code: "CONFLICT", fieldErrors: { email: "A networking member with this e-mail already exists" } });
    const notImage = await refusal(
      addMember({ actor: manager, fields: memberFields(), photo: Buffer.from("%PDF-1.7 not a photo"), choices }),
    );
    expect(notImage.fieldErrors.profile).toBe("The photo must be a JPEG, PNG or WebP image");
    const none = await refusal(addMember({ actor: manager, fields: memberFields(), photo: null, choices }));
    expect(none.fieldErrors.profile).toBe("Choose a photo");
  });
});

describe("changing a member", () => {
  test("an edit without a new photo keeps the photo; with one, replaces it and deletes the old file", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    const member = await addMember({ actor: manager, fields: memberFields(), photo: await memberPhoto(), choices });
    const kept = await updateMember({
      actor: manager,
      id: member.id,
      fields: memberFields({ email: member.email, name: "Renamed" }),
      photo: null,
      choices,
    });
    expect(kept).toMatchObject({ name: "Renamed", photo: member.photo });
    const replaced = await updateMember({
      actor: manager,
      id: member.id,
      fields: memberFields({ email: member.email }),
      photo: await memberPhoto(),
      choices,
    });
    expect(replaced.photo).not.toBe(member.photo);
    expect(await getStorage().get(member.photo)).toBeNull();
    expect(await getStorage().get(replaced.photo)).not.toBeNull();
  });

  test("an edit may not take another member's e-mail; an unknown member is NOT_FOUND", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    const first = await addMember({ actor: manager, fields: memberFields(), photo: await memberPhoto(), choices });
    const second = await addMember({ actor: manager, fields: memberFields(), photo: await memberPhoto(), choices });
    const taken = await refusal(
      updateMember({ actor: manager, id: second.id, fields: memberFields({ email: first.email }), photo: null, choices }),
    );
    expect(taken.code).toBe("CONFLICT");
    const missing = await refusal(updateMember({ actor: manager, id: "no-such-member", fields: memberFields(), photo: null, choices }));
    expect(missing.code).toBe("NOT_FOUND");
  });

  test("status toggles between Active and Inactive; a deleted member cannot be toggled or deleted again", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    const member = await addMember({ actor: manager, fields: memberFields(), photo: await memberPhoto(), choices });
    expect(await setMemberStatus({ actor: manager, id: member.id, status: "Inactive" })).toBe("Inactive");
    expect((await findMember(member.id)).status).toBe("Inactive");
    expect((await refusal(setMemberStatus({ actor: manager, id: member.id, status: "Paused" }))).code).toBe("INVALID");
    await deleteMember({ actor: manager, id: member.id });
    expect(await getStorage().get(member.photo)).toBeNull();
    expect((await refusal(setMemberStatus({ actor: manager, id: member.id, status: "Active" }))).code).toBe("NOT_FOUND");
    expect((await refusal(deleteMember({ actor: manager, id: member.id }))).code).toBe("NOT_FOUND");
    const events = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, manager.id)));
    expect(events.map((event) => event.action)).toEqual(
      expect.arrayContaining(["networking.member-added", "networking.member-status", "networking.member-deleted"]),
    );
  });
});

describe("the directory", () => {
  test("lists Active members only, filters by location and category, tolerates a typo, and pages by 12", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    const rahman = await addMember({
      actor: manager,
      fields: memberFields({
        name: "Tanvir Rahman",
        profession: "Data Engineer",
        company: "Zalando",
        location: "Germany",
        category: "Software Engineer",
      }),
      photo: await memberPhoto(),
      choices,
    });
    const chef = await addMember({
      actor: manager,
      fields: memberFields({ name: "Sadia Islam", profession: "Head Chef", company: "Noma", location: "Denmark", category: "Chef" }),
      photo: await memberPhoto(),
      choices,
    });
    const hidden = await addMember({
      actor: manager,
      fields: memberFields({ name: "Hidden Rahman", location: "Germany" }),
      photo: await memberPhoto(),
      choices,
    });
    await setMemberStatus({ actor: manager, id: hidden.id, status: "Inactive" });

    const ids = async (query: Parameters<typeof searchDirectory>[0]) => (await searchDirectory(query)).items.map((item) => item.id);
    expect(await ids({ page: 1, location: "Germany" })).toEqual([rahman.id]);
    expect(await ids({ page: 1, category: "Chef" })).toEqual([chef.id]);
    expect(await ids({ page: 1, q: "Rahmn" })).toEqual([rahman.id]);
    expect(await ids({ page: 1, q: "enginer", location: "Germany" })).toEqual([rahman.id]);
    expect(await ids({ page: 1, q: "noma" })).toEqual([chef.id]);
    expect(await ids({ page: 1, q: "Rahman", location: "Denmark" })).toEqual([]);

    const cards = (await searchDirectory({ page: 1 })).items;
    expect(cards.map((card) => card.id)).not.toContain(hidden.id);
    for (const card of cards) {
      expect(card).not.toHaveProperty("email");
      expect(card).not.toHaveProperty("phone");
    }
    expect(JSON.stringify(cards)).not.toContain("@example.com");

    for (let n = 0; n < 13; n++)
      await addMember({ actor: manager, fields: memberFields({ location: "Canada" }), photo: await memberPhoto(), choices });
    const last = await searchDirectory({ page: 99, location: "Canada" });
    expect(last).toMatchObject({ page: 2, pageCount: 2, total: 13, pageSize: 12 });
    expect(last.items).toHaveLength(1);
  });

  test("the manage list shows every member, newest first, and searches by e-mail too", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    const older = await addMember({
      actor: manager,
      fields: memberFields({ email: "older.member@example.com" }),
      photo: await memberPhoto(),
      choices,
    });
    const newer = await addMember({ actor: manager, fields: memberFields(), photo: await memberPhoto(), choices });
    await setMemberStatus({ actor: manager, id: older.id, status: "Inactive" });
    const all = await listMembers({ q: "", page: 1, pageSize: 100 });
    expect(all.items.findIndex((item) => item.id === newer.id)).toBeLessThan(all.items.findIndex((item) => item.id === older.id));
    expect((await listMembers({ q: "older.member@", page: 1 })).items.map((item) => item.id)).toEqual([older.id]);
    expect((await listMembers({ q: "100%_", page: 1 })).items).toEqual([]);
  });
});

describe("the lists staff extend", () => {
  test("locations and categories added in the site settings join the defaults, once each, and a member may use them", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    await updateSiteSettings({
      actor: manager,
      changes: { "networking.locations": "Japan\nCanada\n  \nJapan", "networking.categories": "Nurse" },
    });
    const extended = await getMemberChoices();
    expect(extended.locations).toEqual([...defaultMemberLocations, "Japan"]);
    expect(extended.categories).toEqual([...defaultJobCategories, "Nurse"]);
    const member = await addMember({
      actor: manager,
      fields: memberFields({ location: "Japan", category: "Nurse" }),
      photo: await memberPhoto(),
      choices: extended,
    });
    expect(member).toMatchObject({ location: "Japan", category: "Nurse" });
  });

  test("the settings form refuses a list line over 60 characters and more than 30 lines", () => {
    expect(SiteSettingsSchema.safeParse({ networking: { locations: "x".repeat(61) } }).success).toBe(false);
    expect(
      SiteSettingsSchema.safeParse({ networking: { categories: Array.from({ length: 31 }, (_, n) => `Job ${n}`).join("\n") } }).success,
    ).toBe(false);
    expect(SiteSettingsSchema.safeParse({ networking: { locations: "Japan\nSweden" } }).success).toBe(true);
  });
});

describe("member photos", () => {
  test("only signed-in people see a photo; an Inactive member's only staff who manage members; an old photo never", async () => {
    const managerUser = await createUser({ role: "manager" });
    const manager = await sessionOf(managerUser);
    const student = await createUser();
    const member = await addMember({ actor: manager, fields: memberFields(), photo: await memberPhoto(), choices });
    const load = (key: string, viewer: TestUser | null) => {
      const [, memberId = "", file = ""] = key.split("/");
      return outcome(() =>
        memberPhotoRoute.loader({ request: request(`/${key}`, { user: viewer }), params: { memberId, file }, context: context() } as never),
      );
    };
    expect((await load(member.photo, null)).status).toBe(404);
    const seen = await load(member.photo, student);
    expect(seen.status).toBe(200);
    expect(seen.response?.headers.get("Cache-Control")).toBe("private, max-age=86400");
    expect(seen.response?.headers.get("Content-Type")).toBe("image/webp");

    await setMemberStatus({ actor: manager, id: member.id, status: "Inactive" });
    expect((await load(member.photo, student)).status).toBe(404);
    expect((await load(member.photo, managerUser)).status).toBe(200);

    const replaced = await updateMember({
      actor: manager,
      id: member.id,
      fields: memberFields({ email: member.email }),
      photo: await memberPhoto(),
      choices,
    });
    expect((await load(member.photo, managerUser)).status).toBe(404);
    expect((await load(replaced.photo, managerUser)).status).toBe(200);
    expect((await load(`member-photos/${member.id}/../../session-secret`, managerUser)).status).toBe(404);
  });
});

describe("the directory page's loader", () => {
  test("reads the search from the URL, ignores a filter value not on the lists, and sends no e-mail or phone", async () => {
    const manager = await sessionOf(await createUser({ role: "manager" }));
    const student = await createUser();
    const member = await addMember({
      actor: manager,
      fields: memberFields({ name: "Farhan Kabir", profession: "Barista", company: "Cafe Oslo", location: "Denmark", category: "Barista" }),
      photo: await memberPhoto(),
      choices,
    });
    const load = (path: string, user: TestUser | null) =>
      outcome(() => directoryRoute.loader({ request: request(path, { user }), params: {}, context: context() } as never));
    expect((await load("/networking", null)).status).toBe(302);
    const found = await load("/networking?q=Farhn&location=Denmark&category=Barista&page=1e21", student);
    const data = found.value as Awaited<ReturnType<typeof directoryRoute.loader>>;
    expect(data.items.map((item) => item.id)).toEqual([member.id]);
    expect(data.items[0]?.photoUrl).toBe(`/${member.photo}`);
    expect(data).toMatchObject({ page: 1, query: { q: "Farhn", location: "Denmark", category: "Barista" } });
    expect(JSON.stringify(data)).not.toContain(member.email);
    expect(JSON.stringify(data)).not.toContain(member.phone);
    const unknown = (await load("/networking?location=Atlantis", student)).value as typeof data;
    expect(unknown.query.location).toBe("");
  });
});

describe("the manage page", () => {
  test("a manager toggles and deletes by posting id with status or intent=delete; a student is refused; a gone member is a 404", async () => {
    const managerUser = await createUser({ role: "manager" });
    const manager = await sessionOf(managerUser);
    const student = await createUser();
    const member = await addMember({ actor: manager, fields: memberFields(), photo: await memberPhoto(), choices });
    const post = (form: Record<string, string>, user: TestUser) =>
      outcome(() =>
        manageRoute.action({
          request: request("/dashboard/manage-networking-member?q=&page=1", { user, form }),
          params: {},
          context: context(),
        } as never),
      );

    expect((await post({ id: member.id, status: "Inactive" }, student)).status).toBe(403);
    expect((await findMember(member.id)).status).toBe("Active");

    const inactive = await post({ id: member.id, status: "Inactive" }, managerUser);
    expect(inactive).toMatchObject({ status: 302, location: "/dashboard/manage-networking-member?q=" });
    expect(await toastOf(inactive.response)).toBe("Networking member inactive successfully");
    expect((await findMember(member.id)).status).toBe("Inactive");
    expect((await post({ id: member.id, status: "Active" }, managerUser)).status).toBe(302);
    expect((await findMember(member.id)).status).toBe("Active");
    expect((await post({ id: member.id, status: "Paused" }, managerUser)).status).toBe(400);

    expect((await post({ id: member.id, intent: "delete" }, student)).status).toBe(403);
    expect((await post({ id: member.id, intent: "delete" }, managerUser)).status).toBe(302);
    expect((await post({ id: member.id, intent: "delete" }, managerUser)).status).toBe(404);
    expect((await post({ id: member.id, status: "Active" }, managerUser)).status).toBe(404);

    const list = await outcome(() =>
      manageRoute.loader({
        request: request("/dashboard/manage-networking-member", { user: student }),
        params: {},
        context: context(),
      } as never),
    );
    expect(list.status).toBe(403);
  });
});

/** A multipart post of the member form (the contract's field names), as a browser sends it. */
async function memberPost(path: string, user: TestUser, values: MemberInput, file: Buffer | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, String(value ?? ""));
  if (file) form.set("profile", new File([new Uint8Array(file)], "me.png", { type: "image/png" }));
  return new Request(`http://localhost:3000${path}`, { method: "POST", body: form, headers: { Cookie: user.cookie } });
}

describe("the add and edit pages", () => {
  test("a manager adds a member with a photo and gets the toast; a bad field comes back with what was typed; a student is refused", async () => {
    const managerUser = await createUser({ role: "manager" });
    const student = await createUser();
    const values = memberFields({ email: "added.by.form@example.com" });
    const add = async (user: TestUser, input: MemberInput, file: Buffer | null) =>
      outcome(async () =>
        addRoute.action({
          request: await memberPost("/dashboard/add-new-networking-member", user, input, file),
          params: {},
          context: context(),
        } as never),
      );

    expect((await add(student, values, await memberPhoto())).status).toBe(403);
    const added = await add(managerUser, values, await memberPhoto());
    expect(added).toMatchObject({ status: 303, location: "/dashboard/add-new-networking-member" });
    expect(await toastOf(added.response)).toBe("Networking member added successfully");
    const [row] = await db().select().from(networkingMembers).where(eq(networkingMembers.email, "added.by.form@example.com"));
    expect(row).toMatchObject({ name: values.name, status: "Active" });

    const bad = await add(managerUser, memberFields({ linkedin: "http://evil.example/x", name: "Kept Name" }), await memberPhoto());
    expect(bad.status).toBe(400);
    const reply = bad.value as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(reply.result.error.linkedin?.[0]).toContain("LinkedIn");
    expect(reply.result.initialValue.name).toBe("Kept Name");

    const duplicate = await add(managerUser, values, await memberPhoto());
    expect(duplicate.status).toBe(409);
  });

  test("the edit page loads the member, saves without a new photo keeping the old one, and answers 404 for an unknown id", async () => {
    const managerUser = await createUser({ role: "manager" });
    const manager = await sessionOf(managerUser);
    const member = await addMember({ actor: manager, fields: memberFields(), photo: await memberPhoto(), choices });
    const loaded = await outcome(() =>
      editRoute.loader({
        request: request(`/dashboard/networkings/${member.id}`, { user: managerUser }),
        params: { id: member.id },
        context: context(),
      } as never),
    );
    expect(loaded.status).toBe(200);
    expect((loaded.value as { member: { email: string } }).member.email).toBe(member.email);
    const missing = await outcome(() =>
      editRoute.loader({
        request: request("/dashboard/networkings/nobody", { user: managerUser }),
        params: { id: "nobody" },
        context: context(),
      } as never),
    );
    expect(missing.status).toBe(404);

    const saved = await outcome(async () =>
      editRoute.action({
        request: await memberPost(
          `/dashboard/networkings/${member.id}`,
          managerUser,
          memberFields({ email: member.email, profession: "Chef" }),
          null,
        ),
        params: { id: member.id },
        context: context(),
      } as never),
    );
    expect(saved).toMatchObject({ status: 303, location: "/dashboard/manage-networking-member" });
    expect(await toastOf(saved.response)).toBe("Networking member updated successfully");
    expect(await findMember(member.id)).toMatchObject({ profession: "Chef", photo: member.photo });
  });
});
