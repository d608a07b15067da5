import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import * as photoRoute from "~/routes/api/consultant-photo";
import * as addRoute from "~/routes/dashboard/add-new-consultant";
import * as editRoute from "~/routes/dashboard/consultant-edit";
import * as listRoute from "~/routes/dashboard/consultants";
import { context, createUser, outcome, request, type TestUser } from "../../../tests/support/accounts";
import { bookingContact, consultantFields, consultantPicture, createConsultant, createSlot } from "../../../tests/support/booking";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { refusal, sessionOf, toastOf } from "../../../tests/support/members";
import { resetPassword, signIn } from "../auth/accounts";
import { bookSlot } from "../bookings/book-slot";
import { getConfig } from "../config";
import { db } from "../db";
import { consultants, mailOutbox, users } from "../db/schema";
import { getStorage } from "../storage/storage";
import { changeUserRole } from "../users/manage";
import { preparePhoto } from "../users/photo";
import { addConsultant } from "./add-consultant";
import { findBookableConsultants, listConsultants } from "./list-consultants";
import { setConsultantActive } from "./set-consultant-active";

withTestDatabase();

async function post(user: TestUser, values: Record<string, string>, file: { bytes: Buffer; name: string; type: string } | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (file) form.set("profile", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const req = new Request("http://localhost:3000/dashboard/add-new-consultant", {
    method: "POST",
    body: form,
    headers: { Cookie: user.cookie },
  });
  return outcome(() => addRoute.action({ request: req, params: {}, context: context() } as never));
}

const mailTo = async (address: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, address)).orderBy(desc(mailOutbox.id));
/** Stored consultant pictures whose bytes are `bytes` (other test files store pictures in the same folder meanwhile). */
async function storedCopies(bytes: Buffer): Promise<number> {
  const root = path.join(getConfig().dataDir, "uploads", "consultant-photos");
  const files = (await readdir(root, { recursive: true }).catch(() => [] as string[])).filter((file) => file.endsWith(".webp"));
  let copies = 0;
  for (const file of files) if ((await readFile(path.join(root, file)).catch(() => null))?.equals(bytes)) copies += 1;
  return copies;
}
type Reply = { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };

describe("adding a consultant", () => {
  test("the contract's multipart form makes a student with that e-mail a consultant, with a re-encoded picture, the toast and a mail", async () => {
    const manager = await createUser({ role: "manager" });
    const student = await createUser({ email: "rumana.consults@example.com" });
    const added = await post(manager, consultantFields({ email: "Rumana.Consults@example.com", name: "Rumana Akter" }), {
      bytes: await consultantPicture(),
      name: "me.jpg",
      type: "image/jpeg",
    });
    expect(added).toMatchObject({ status: 303, location: "/dashboard/add-new-consultant" });
    expect(await toastOf(added.response)).toBe("Consultant added successfully");
    const [row] = await db().select().from(consultants).where(eq(consultants.userId, student.id));
    expect(row).toMatchObject({ name: "Rumana Akter", country: "Finland", email: "rumana.consults@example.com", active: true });
    const stored = await getStorage().get(row?.photo ?? "");
    expect(stored && (await sharp(stored).metadata()).format).toBe("webp");
    const [account] = await db().select({ role: users.role }).from(users).where(eq(users.id, student.id));
    expect(account?.role).toBe("consultant");
    expect((await mailTo("rumana.consults@example.com"))[0]?.text).toContain("/dashboard/appointment-time");
  });

  test("an e-mail with no account gets one, and an invitation whose link sets the password that then signs in", async () => {
    const manager = await createUser({ role: "manager" });
    const email = "new.consultant@example.com";
    const consultant = await addConsultant({
      actor: await sessionOf(manager),
      fields: consultantFields({ email, name: "Tanvir Hasan" }),
      picture: await consultantPicture(),
    });
    const [account] = await db().select().from(users).where(eq(users.id, consultant.userId));
    expect(account).toMatchObject({ email, role: "consultant", name: "Tanvir Hasan", emailVerified: true });
    const [invitation] = await mailTo(email);
    expect(invitation?.subject).toBe("You have been added as a consultant on Onward");
    const link = invitation?.text.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(token).not.toBe("");
    await resetPassword({ token, password: "kettle mango harbour 42" });
    const session = await signIn({ email, password: "kettle mango harbour 42", ip: "198.51.100.9", headers: new Headers() });
    expect(session.cookies.some((cookie) => cookie.includes("session_token="))).toBe(true);
  });

  test("a manager added as a consultant stays a manager, and may then use the consultant's pages", async () => {
    const admin = await createUser({ role: "admin" });
    const manager = await createUser({ role: "manager" });
    await addConsultant({
      actor: await sessionOf(admin),
      fields: consultantFields({ email: manager.email }),
      picture: await consultantPicture(),
    });
    const [account] = await db().select({ role: users.role }).from(users).where(eq(users.id, manager.id));
    expect(account?.role).toBe("manager");
    const slots = await callRoute(await import("~/routes/dashboard/appointment-time"), {
      path: "/dashboard/appointment-time",
      headers: { Cookie: manager.cookie },
    });
    expect(slots.status).toBe(200);
  });

  test("refuses a student (403), a second consultant with one e-mail (409), and names every bad field with the values kept", async () => {
    const manager = await createUser({ role: "manager" });
    const student = await createUser();
    const fields = consultantFields();
    expect((await post(student, fields, { bytes: await consultantPicture(), name: "p.jpg", type: "image/jpeg" })).status).toBe(403);
    expect((await post(manager, fields, { bytes: await consultantPicture(), name: "p.jpg", type: "image/jpeg" })).status).toBe(303);
    const again = await post(
      manager,
      { ...fields, name: "Someone Else" },
      { bytes: await consultantPicture(), name: "p.jpg", type: "image/jpeg" },
    );
    expect(again.status).toBe(409);
    expect((again.value as Reply).result.error.email).toEqual(["A consultant with this e-mail already exists"]);

    const bad = await post(manager, { ...consultantFields(), phone: "call me", country: "Atlantis", description: "" }, null);
    expect(bad.status).toBe(400);
    const { error, initialValue } = (bad.value as Reply).result;
    expect(error.phone).toEqual(["Enter a phone number: digits, spaces and an optional +"]);
    expect(error.country).toEqual(["Choose a country from the list"]);
    expect(error.description).toEqual(["This field is required"]);
    expect(initialValue.phone).toBe("call me");
  });

  test("a picture that is not an image by its bytes, or over 5 MB, is refused beside the field; nothing is kept", async () => {
    const manager = await createUser({ role: "manager" });
    const fields = consultantFields();
    const php = await post(manager, fields, { bytes: Buffer.from("<?php system($_GET['c']); ?>"), name: "me.jpg", type: "image/jpeg" });
    expect(php.status).toBe(400);
    expect((php.value as Reply).result.error.profile).toEqual(["The picture must be a JPEG, PNG or WebP image"]);
    expect((php.value as Reply).result.initialValue.email).toBe(fields.email);
    const huge = await refusal(
      addConsultant({
        actor: await sessionOf(manager),
        fields,
        picture: Buffer.concat([await consultantPicture(), Buffer.alloc(5 * 1024 * 1024)]),
      }),
    );
    expect(huge.fieldErrors.profile).toBe("The picture is too large: at most 5 MB");
    expect(
      await db()
        .select()
        .from(consultants)
        .where(eq(consultants.email, fields.email ?? "")),
    ).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.email, fields.email ?? "")),
    ).toHaveLength(0);
  });

  test("two managers adding the same e-mail at once: one consultant, one clear refusal, and the loser's picture is not kept", async () => {
    const [first, second] = [await createUser({ role: "manager" }), await createUser({ role: "manager" })];
    const fields = consultantFields();
    // A picture of its own colour: its re-encoded bytes identify this test's files.
    const picture = await sharp({ create: { width: 90, height: 90, channels: 3, background: "#5b21b6" } })
      .png()
      .toBuffer();
    const copiesBefore = await storedCopies(await preparePhoto(picture));
    const results = await Promise.allSettled(
      [first, second].map(async (manager) => addConsultant({ actor: await sessionOf(manager), fields, picture })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ code: "CONFLICT", message: "A consultant with this e-mail already exists" });
    expect(
      await db()
        .select()
        .from(consultants)
        .where(eq(consultants.email, fields.email ?? "")),
    ).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.email, fields.email ?? "")),
    ).toHaveLength(1);
    expect((await storedCopies(await preparePhoto(picture))) - copiesBefore).toBe(1);
  });
});

describe("managing consultants", () => {
  test("a deactivated consultant leaves the booking list and their page, keeps their live bookings for staff, and comes back", async () => {
    const manager = await createUser({ role: "manager" });
    const owner = await createConsultant({ country: "Japan", manager });
    const slot = await createSlot(owner);
    const student = await createUser();
    await bookSlot({
      student: await sessionOf(student),
      consultantId: owner.consultant.id,
      fields: { slot: slot.id, ...bookingContact(student) },
    });
    const inJapan = async () => (await findBookableConsultants({ country: "Japan", page: 1 })).items.map((row) => row.id);
    expect(await inJapan()).toContain(owner.consultant.id);

    const off = await callRoute(listRoute, {
      path: "/dashboard/consultants",
      form: { consultant: owner.consultant.id, active: "false" },
      headers: { Cookie: manager.cookie },
    });
    expect(off.status).toBe(302);
    expect(await inJapan()).not.toContain(owner.consultant.id);
    const page = await callRoute(await import("~/routes/book-consultant"), {
      path: `/book-appointment/${owner.consultant.id}`,
      pattern: "/book-appointment/:consultantId",
      headers: { Cookie: student.cookie },
    });
    expect(page.status).toBe(404);
    const staffView = await callRoute<{ open: { total: number; items: { name: string }[] } }>(editRoute, {
      path: `/dashboard/consultants/${owner.consultant.id}`,
      pattern: "/dashboard/consultants/:id",
      headers: { Cookie: manager.cookie },
    });
    expect(staffView.data.open.items.map((booking) => booking.name)).toEqual([student.name]);
    const listed = await listConsultants({ q: owner.consultant.name, page: 1 });
    expect(listed.items.find((row) => row.id === owner.consultant.id)).toMatchObject({ active: false, liveBookings: 1 });

    await setConsultantActive({ actor: await sessionOf(manager), id: owner.consultant.id, active: true });
    expect(await inJapan()).toContain(owner.consultant.id);
  });

  test("a consultant whose role a manager takes away is no longer bookable", async () => {
    const manager = await createUser({ role: "manager" });
    const owner = await createConsultant({ country: "China", manager });
    const slot = await createSlot(owner);
    await changeUserRole({ actor: await sessionOf(manager), targetId: owner.user.id, role: "student" });
    expect((await findBookableConsultants({ country: "China", page: 1 })).items.map((row) => row.id)).not.toContain(owner.consultant.id);
    const student = await createUser();
    const refused = await refusal(
      bookSlot({
        student: await sessionOf(student),
        consultantId: owner.consultant.id,
        fields: { slot: slot.id, ...bookingContact(student) },
      }),
    );
    expect(refused.message).toBe("This consultant is not taking bookings.");
  });

  test("only managers may list, edit and deactivate; a consultant posting a deactivation is refused and nothing changes", async () => {
    const owner = await createConsultant();
    for (const user of [owner.user, await createUser()]) {
      const answer = await callRoute(listRoute, {
        path: "/dashboard/consultants",
        form: { consultant: owner.consultant.id, active: "false" },
        headers: { Cookie: user.cookie },
      });
      expect(answer.status).toBe(403);
    }
    const [row] = await db().select({ active: consultants.active }).from(consultants).where(eq(consultants.id, owner.consultant.id));
    expect(row?.active).toBe(true);
  });

  test("editing keeps the e-mail and the picture unless a new one is chosen", async () => {
    const manager = await createUser({ role: "manager" });
    const owner = await createConsultant({ manager });
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...consultantFields(), name: "Renamed Consultant", email: "hijack@example.com" }))
      form.set(name, value);
    const answer = await callRoute(editRoute, {
      path: `/dashboard/consultants/${owner.consultant.id}`,
      pattern: "/dashboard/consultants/:id",
      form,
      headers: { Cookie: manager.cookie },
    });
    expect(answer.status).toBe(303);
    const [row] = await db().select().from(consultants).where(eq(consultants.id, owner.consultant.id));
    expect(row).toMatchObject({ name: "Renamed Consultant", email: owner.consultant.email, photo: owner.consultant.photo });
  });

  test("an active consultant's picture is public; a deactivated one's only for managers; an unknown file is 404", async () => {
    const manager = await createUser({ role: "manager" });
    const owner = await createConsultant({ manager });
    const file = owner.consultant.photo.split("/").at(-1) ?? "";
    const fetchPicture = (user: TestUser | null, name = file) =>
      photoRoute.loader({
        request: request(`/${owner.consultant.photo}`, { user }),
        params: { consultantId: owner.consultant.id, file: name },
        context: context(),
      } as never);
    const open = await fetchPicture(null);
    expect(open.status).toBe(200);
    expect(open.headers.get("Cache-Control")).toContain("public");
    expect((await fetchPicture(null, "0123456789abcdef.webp")).status).toBe(404);
    await setConsultantActive({ actor: await sessionOf(manager), id: owner.consultant.id, active: false });
    expect((await fetchPicture(null)).status).toBe(404);
    expect((await fetchPicture(await createUser())).status).toBe(404);
    const staff = await fetchPicture(manager);
    expect(staff.status).toBe(200);
    expect(staff.headers.get("Cache-Control")).toContain("private");
  });
});
