import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as bookConsultantRoute from "~/routes/book-consultant";
import { context, cookieHeader, createUser, outcome, request, type TestUser } from "../../../tests/support/accounts";
import { bookingContact, createConsultant, createSlot } from "../../../tests/support/booking";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { sessionOf } from "../../../tests/support/members";
import { getAuth } from "../auth/auth";
import { bookSlot } from "../bookings/book-slot";
import { db } from "../db";
import { auditEvents, bookings, consultants, users } from "../db/schema";
import { AppError } from "../errors";
import { findBookableConsultants } from "./list-consultants";
import { provisionConsultant } from "./provision-consultant";
import { updateConsultant } from "./update-consultant";

withTestDatabase();

/** Signs in as a provisioned account, as the test user the other helpers take. */
async function signedIn(input: { id: string; name: string; email: string; password: string }): Promise<TestUser> {
  const { headers } = await getAuth().api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: new Headers(),
    returnHeaders: true,
  });
  return { ...input, role: "consultant", cookie: cookieHeader(headers.getSetCookie()) };
}

const accountsWithEmail = async (email: string) =>
  db().select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

describe("provisionConsultant (create-user --role consultant)", () => {
  test("makes an account and an active profile without a picture that a student books once it has a slot", async () => {
    const password = "river delta lantern";
    const { account, consultant, profileCreated } = await provisionConsultant({
      email: "Nadia.Consults@Example.com",
      name: "Nadia Rahman",
      password,
    });
    expect(account.status).toBe("created");
    expect(profileCreated).toBe(true);
    expect(consultant).toMatchObject({
      userId: account.id,
      name: "Nadia Rahman",
      email: "nadia.consults@example.com",
      photo: "",
      university: "",
      active: true,
    });
    const [user] = await db().select().from(users).where(eq(users.id, account.id));
    expect(user).toMatchObject({ role: "consultant", emailVerified: true });
    const audit = await db().select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, account.id));
    expect(audit.map((event) => event.action).sort()).toEqual(["consultant.added", "user.created"]);

    // Listed for students straight away (with no free times yet).
    const listed = await findBookableConsultants({ country: null, page: 1 });
    expect(listed.items.find((item) => item.id === consultant.id)).toMatchObject({ freeSlots: 0 });

    // The consultant signs in and adds a slot as Appointment Time does; a student books it.
    const me = await signedIn({ id: account.id, name: "Nadia Rahman", email: "nadia.consults@example.com", password });
    expect((await sessionOf(me)).consultantId).toBe(consultant.id);
    const slot = await createSlot({ user: me, consultant });
    const student = await createUser({ verified: true });
    const page = await outcome(() =>
      bookConsultantRoute.loader({
        request: request(`/book-appointment/${consultant.id}`, { user: student }),
        params: { consultantId: consultant.id },
        context: context(),
      } as never),
    );
    expect(page.status).toBe(200);
    expect(page.value).toMatchObject({ consultant: { name: "Nadia Rahman", photoUrl: undefined }, form: { slots: [{ value: slot.id }] } });
    const { bookingId } = await bookSlot({
      student: await sessionOf(student),
      consultantId: consultant.id,
      fields: { slot: slot.id, ...bookingContact(student) },
    });
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ slotId: slot.id, consultantId: consultant.id, studentId: student.id, status: "pending" });
  });

  test("takes the details it is given, each under the add form's rules", async () => {
    const { consultant } = await provisionConsultant({
      email: "karim.consults@example.com",
      name: "Karim Uddin",
      password: "harbour window maple",
      profile: { university: "University of Helsinki", country: "Finland", phone: "+358 40 111 2222", profession: "Adviser" },
    });
    expect(consultant).toMatchObject({
      university: "University of Helsinki",
      country: "Finland",
      phone: "+358 40 111 2222",
      description: "",
    });

    const refused = provisionConsultant({
      email: "narnia@example.com",
      name: "Narnia",
      password: "harbour window maple",
      profile: { country: "Narnia" },
    });
    await expect(refused).rejects.toThrow("country: Choose a country from the list");
    expect(await accountsWithEmail("narnia@example.com")).toHaveLength(0);
  });

  test("an existing student becomes a consultant with a profile; run again, the profile stays as a manager left it", async () => {
    const student = await createUser({ email: "farida@example.com", name: "Farida Akter" });
    const first = await provisionConsultant({ email: "farida@example.com", name: "Ignored", password: "long enough passphrase" });
    expect(first.account).toMatchObject({ status: "role-updated", from: "student", to: "consultant" });
    expect(first.consultant).toMatchObject({ userId: student.id, name: "Farida Akter", email: "farida@example.com" });

    const manager = await createUser({ role: "manager" });
    await updateConsultant({
      actor: await sessionOf(manager),
      id: first.consultant.id,
      fields: {
        name: "Farida Akter",
        university: "Aalto University",
        country: "Finland",
        phone: "+358 40 123 4567",
        profession: "Engineer",
        description: "Engineering applications in Finland.",
      },
      picture: null,
    });
    const again = await provisionConsultant({ email: "farida@example.com", name: "Farida Akter", password: "long enough passphrase" });
    expect(again.profileCreated).toBe(false);
    expect(again.consultant).toMatchObject({ id: first.consultant.id, university: "Aalto University", photo: "" });
    expect(await db().select().from(consultants).where(eq(consultants.userId, student.id))).toHaveLength(1);
  });

  test("an e-mail another consultant's profile holds is refused, and no account is left behind", async () => {
    // A consultant whose account's e-mail changed since: their profile keeps the old address.
    const { user } = await createConsultant();
    await db().update(users).set({ email: "moved@example.com" }).where(eq(users.id, user.id));
    const attempt = provisionConsultant({ email: user.email, name: "Someone Else", password: "another long passphrase" });
    await expect(attempt).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect(await accountsWithEmail(user.email)).toHaveLength(0);
  });
});
