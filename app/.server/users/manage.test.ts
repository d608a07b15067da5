import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import * as photoRoute from "~/routes/api/photo";
import { context, createUser, outcome, request, type TestUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { getSessionUser, type SessionUser } from "../auth/session";
import { db } from "../db";
import { auditEvents, users } from "../db/schema";
import { getStorage } from "../storage/storage";
import { changeUserRole, listUsers } from "./manage";
import { updateProfile } from "./profile";

withTestDatabase();

async function actor(user: TestUser): Promise<SessionUser> {
  const session = await getSessionUser(request("/", { user }));
  if (!session) throw new Error("not signed in");
  return session;
}

describe("changing roles", () => {
  test("a manager makes a student a consultant, and the change is audited", async () => {
    const manager = await createUser({ role: "manager" });
    const student = await createUser();
    await changeUserRole({ actor: await actor(manager), targetId: student.id, role: "consultant" });
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, student.id));
    expect(row?.role).toBe("consultant");
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "role.changed"), eq(auditEvents.targetId, student.id)));
    expect(event).toMatchObject({ actorId: manager.id, detail: { from: "student", to: "consultant" } });
    // Takes effect on the user's next request.
    expect((await getSessionUser(request("/", { user: student })))?.role).toBe("consultant");
  });

  test.each([
    ["grant manager", "student", "manager"],
    ["grant admin", "student", "admin"],
    ["demote a manager", "manager", "student"],
  ] as const)("a manager may not %s", async (_, from, to) => {
    const manager = await createUser({ role: "manager" });
    const target = await createUser({ role: from });
    await expect(changeUserRole({ actor: await actor(manager), targetId: target.id, role: to })).rejects.toThrow("Only an admin");
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, target.id));
    expect(row?.role).toBe(from);
    const refusals = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "role.refused"), eq(auditEvents.targetId, target.id)));
    expect(refusals).toHaveLength(1);
  });

  test("an admin grants and removes the manager role", async () => {
    const admin = await createUser({ role: "admin" });
    const target = await createUser();
    await changeUserRole({ actor: await actor(admin), targetId: target.id, role: "manager" });
    await changeUserRole({ actor: await actor(admin), targetId: target.id, role: "student" });
  });

  test("nobody changes their own role", async () => {
    const admin = await createUser({ role: "admin" });
    await expect(changeUserRole({ actor: await actor(admin), targetId: admin.id, role: "student" })).rejects.toThrow("their own role");
  });
});

describe("listing users", () => {
  test("finds people by part of a name or e-mail, a page at a time", async () => {
    await createUser({ name: "Nusrat Jahan Searchable" });
    await createUser({ email: "findme-by-mail@onward.test" });
    expect((await listUsers({ search: "searchable", page: 1 })).items.map((u) => u.name)).toEqual(["Nusrat Jahan Searchable"]);
    expect((await listUsers({ search: "FINDME-by", page: 1 })).total).toBe(1);
    expect((await listUsers({ search: "%", page: 1 })).total).toBe(0);
    for (let i = 0; i < 21; i++) await createUser({ name: `Paged Person ${i}` });
    const first = await listUsers({ search: "Paged Person", page: 1 });
    const second = await listUsers({ search: "Paged Person", page: 2 });
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 21, pageSize: 20 });
    // Past the end: the last page, not an empty one.
    expect(await listUsers({ search: "Paged Person", page: 99 })).toMatchObject({ page: 2, pageCount: 2, items: second.items });
    expect(await listUsers({ search: "nobody matches this", page: 5 })).toMatchObject({ page: 1, pageCount: 1, total: 0, items: [] });
  });
});

describe("profiles and photos", () => {
  async function png(width: number, height: number) {
    return sharp({ create: { width, height, channels: 3, background: "#1e40af" } })
      .withMetadata({ exif: { IFD0: { Artist: "secret camera owner" } } })
      .png()
      .toBuffer();
  }

  test("a photo is checked by its bytes, resized to 512 px and stripped of metadata", async () => {
    const user = await createUser();
    await updateProfile({
      actor: await actor(user),
      email: user.email,
      name: "New Name",
      phone: "+880 1711 000000",
      address: "Dhaka",
      photo: await png(1200, 800),
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: "New Name", phone: "+880 1711 000000", address: "Dhaka" });
    const stored = await getStorage().get(row?.image ?? "");
    const metadata = await sharp(stored ?? Buffer.alloc(0)).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 512, height: 341 });
    expect(metadata.exif).toBeUndefined();

    const notAnImage = Buffer.from("<?php system($_GET['c']); ?>");
    await expect(
      updateProfile({ actor: await actor(user), email: user.email, name: "N", phone: "", address: "", photo: notAnImage }),
    ).rejects.toThrow("JPEG, PNG or WebP");
  });

  test("a student's photo is shown only to signed-in people; a consultant's to everyone", async () => {
    const student = await createUser();
    const consultant = await createUser({ role: "consultant" });
    for (const person of [student, consultant]) {
      await updateProfile({
        actor: await actor(person),
        email: person.email,
        name: person.name,
        phone: "",
        address: "",
        photo: await png(64, 64),
      });
    }
    const loadPhoto = async (owner: TestUser, viewer: TestUser | null) => {
      const [row] = await db().select({ image: users.image }).from(users).where(eq(users.id, owner.id));
      const [, userId = "", file = ""] = (row?.image ?? "").split("/");
      return outcome(() =>
        photoRoute.loader({ request: request(`/${row?.image}`, { user: viewer }), params: { userId, file }, context: context() } as never),
      );
    };
    expect((await loadPhoto(student, null)).status).toBe(404);
    const signedIn = await loadPhoto(student, consultant);
    expect(signedIn.status).toBe(200);
    expect(signedIn.response?.headers.get("Cache-Control")).toBe("private, max-age=86400");
    const publicPhoto = await loadPhoto(consultant, null);
    expect(publicPhoto.status).toBe(200);
    expect(publicPhoto.response?.headers.get("Cache-Control")).toBe("public, max-age=86400");
  });

  test("a manager may edit someone else's profile; a student may not", async () => {
    const manager = await createUser({ role: "manager" });
    const student = await createUser();
    const other = await createUser();
    await updateProfile({ actor: await actor(manager), email: student.email, name: "Edited By Manager", phone: "", address: "" });
    await expect(updateProfile({ actor: await actor(student), email: other.email, name: "Nope", phone: "", address: "" })).rejects.toThrow(
      "only your own profile",
    );
  });
});
