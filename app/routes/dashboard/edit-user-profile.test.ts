import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "../../../tests/support/accounts";
import { auditEventsWhere } from "../../../tests/support/audit-log";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import * as editProfile from "./edit-user-profile";

withTestDatabase();

const pattern = "/dashboard/edit-user-profile/:email";
const path = (target: TestUser) => `/dashboard/edit-user-profile/${encodeURIComponent(target.email)}`;
type Page = { profile: { name: string; phone: string; address: string; photo: string | null; timeZone: string } };
type Reply = { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };

const open = (actor: TestUser, target: TestUser) =>
  callRoute<Page>(editProfile, { path: path(target), pattern, headers: { Cookie: actor.cookie } });

const save = (actor: TestUser, target: TestUser, form: Record<string, string | Blob>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) body.set(name, value);
  return callRoute<Reply>(editProfile, { path: path(target), pattern, method: "POST", form: body, headers: { Cookie: actor.cookie } });
};

/** The profile as its owner sees it on the edit page. */
async function profileOf(target: TestUser) {
  return (await open(target, target)).data.profile;
}

const people: Record<"student" | "consultant" | "manager" | "otherManager" | "admin" | "otherAdmin", TestUser> = {} as never;
beforeAll(async () => {
  people.student = await createUser({ role: "student", name: "Student Sumi" });
  people.consultant = await createUser({ role: "consultant", name: "Consultant Kabir" });
  people.manager = await createUser({ role: "manager", name: "Manager Mina" });
  people.otherManager = await createUser({ role: "manager", name: "Manager Two" });
  people.admin = await createUser({ role: "admin", name: "Admin Anis" });
  people.otherAdmin = await createUser({ role: "admin", name: "Admin Two" });
});

describe("who edits whose profile", () => {
  test.each([
    ["admin", "otherAdmin"],
    ["manager", "otherManager"],
  ] as const)("a manager opening or saving the %s's profile is refused with 403, and the refusal is recorded", async (_, key) => {
    const manager = people.manager;
    const target = people[key];
    expect((await open(manager, target)).status).toBe(403);
    const saved = await save(manager, target, { name: "Taken Over", phone: "01700000000", address: "Somewhere" });
    expect(saved.status).toBe(403);
    expect(await profileOf(target)).toMatchObject({ name: target.name, phone: "", address: "" });
    const refusals = await auditEventsWhere({ action: "profile.refused", actorId: manager.id, targetId: target.id });
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    expect(await auditEventsWhere({ action: "profile.updated", targetId: target.id })).toEqual([]);
  });

  test("a manager edits a student's profile, photo included, and the edit is audited", async () => {
    const { manager, student } = people;
    expect((await open(manager, student)).status).toBe(200);
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#1e40af" } })
      .png()
      .toBuffer();
    const saved = await save(manager, student, {
      name: "Student Renamed",
      phone: "+880 1711 000000",
      address: "Dhaka",
      photo: new File([new Uint8Array(photo)], "me.png", { type: "image/png" }),
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/dashboard/user-management");
    expect(await profileOf(student)).toMatchObject({ name: "Student Renamed", phone: "+880 1711 000000", address: "Dhaka" });
    expect((await profileOf(student)).photo).toMatch(/^\/photos\//);
    const [event, ...more] = await auditEventsWhere({ action: "profile.updated", targetId: student.id });
    expect(more).toEqual([]);
    expect(event).toMatchObject({ actorId: manager.id, detail: { fields: ["name", "phone", "address", "photo"] } });
  });

  test("a manager edits a consultant's profile", async () => {
    const { manager, consultant } = people;
    expect((await save(manager, consultant, { name: "Consultant Renamed", phone: "", address: "" })).status).toBe(302);
    const [event] = await auditEventsWhere({ action: "profile.updated", targetId: consultant.id });
    expect(event).toMatchObject({ actorId: manager.id, detail: { fields: ["name"] } });
  });

  test("an admin edits a manager's and another admin's profile, and each edit is audited", async () => {
    const { admin, otherManager, otherAdmin } = people;
    for (const target of [otherManager, otherAdmin]) {
      expect((await open(admin, target)).status).toBe(200);
      expect((await save(admin, target, { name: `${target.name} (edited)`, phone: "", address: "Chattogram" })).status).toBe(302);
      expect((await profileOf(target)).address).toBe("Chattogram");
      const [event] = await auditEventsWhere({ action: "profile.updated", targetId: target.id });
      expect(event).toMatchObject({ actorId: admin.id, detail: { fields: ["name", "address"] } });
    }
  });

  test("a student and a consultant may edit only their own profile; their own edits are not audit events", async () => {
    const { student, consultant } = people;
    expect((await open(student, consultant)).status).toBe(403);
    expect((await save(consultant, student, { name: "Nope", phone: "", address: "" })).status).toBe(403);
    expect((await save(student, student, { name: "Sumi Herself", phone: "", address: "" })).status).toBe(302);
    expect((await profileOf(student)).name).toBe("Sumi Herself");
    expect(await auditEventsWhere({ action: "profile.updated", actorId: student.id })).toEqual([]);
  });

  test("a name that is too long, or a file that is not an image, is a 400 with the message beside the field", async () => {
    const { student } = people;
    const long = await save(student, student, { name: "n".repeat(5_000), phone: "", address: "" });
    expect(long.status).toBe(400);
    expect(long.data.result.error?.name?.[0]).toBe("Use at most 100 characters");
    // A value longer than its field's limit is not echoed back.
    expect(long.data.result.initialValue?.name).toBeUndefined();
    const notAnImage = await save(student, student, {
      name: "Sumi",
      photo: new File([new TextEncoder().encode("<?php echo 1; ?>")], "me.png", { type: "image/png" }),
    });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.data.result.error?.photo?.[0]).toMatch(/JPEG, PNG or WebP/);
  });

  test("an unknown address is a 404 for a manager", async () => {
    const ghost = { ...people.student, email: "nobody-here@onward.test" };
    expect((await open(people.manager, ghost)).status).toBe(404);
  });
});

describe("the time zone", () => {
  test("is Asia/Dhaka until changed, takes any IANA zone, refuses anything else beside the field, and stays when left out", async () => {
    const person = await createUser({ name: "Zone Person" });
    const zoneOf = async () => (await open(person, person)).data.profile.timeZone;
    expect(await zoneOf()).toBe("Asia/Dhaka");
    expect((await save(person, person, { name: "Zone Person", timeZone: "Europe/Helsinki" })).status).toBe(302);
    expect(await zoneOf()).toBe("Europe/Helsinki");
    for (const zone of ["GMT +6", "+06:00", "Mars/Olympus_Mons"]) {
      const refused = await save(person, person, { name: "Zone Person", timeZone: zone });
      expect(refused.status, zone).toBe(400);
      expect(refused.data.result.error?.timeZone, zone).toEqual(["Choose a time zone from the list, for example Asia/Dhaka"]);
    }
    expect((await save(person, person, { name: "Zone Person" })).status).toBe(302);
    expect(await zoneOf()).toBe("Europe/Helsinki");
  });
});
