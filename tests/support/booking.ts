import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { addSlot, type Slot } from "~/.server/bookings/add-slot";
import { addConsultant } from "~/.server/consultants/add-consultant";
import type { Consultant } from "~/.server/consultants/consultants";
import { db } from "~/.server/db";
import { users } from "~/.server/db/schema";
import { createUser, type TestUser } from "./accounts";
import { sessionOf } from "./members";

/** A small JPEG, the kind of picture the add-consultant form takes. */
export const consultantPicture = () =>
  sharp({ create: { width: 80, height: 80, channels: 3, background: "#0f766e" } })
    .jpeg()
    .toBuffer();

let counter = 0;
/** A valid add-consultant form, each call with its own name and e-mail. */
export function consultantFields(overrides: Record<string, string> = {}): Record<string, string> {
  counter += 1;
  return {
    name: `Consultant ${counter}`,
    university: "University of Helsinki",
    country: "Finland",
    email: `consultant${counter}-${Date.now()}@example.com`,
    phone: "+358 40 111 2222",
    profession: "Admissions adviser",
    description: "Helps with Finnish applications, residence permits and the first weeks in Helsinki.",
    ...overrides,
  };
}

/** A consultant with an account that can sign in (a user made first, then added as a consultant by a manager). */
export async function createConsultant(
  options: { country?: string; timeZone?: string; manager?: TestUser } = {},
): Promise<{ user: TestUser; consultant: Consultant }> {
  const manager = options.manager ?? (await createUser({ role: "manager" }));
  const user = await createUser({ verified: true });
  if (options.timeZone) await db().update(users).set({ timeZone: options.timeZone }).where(eq(users.id, user.id));
  const consultant = await addConsultant({
    actor: await sessionOf(manager),
    fields: consultantFields({ email: user.email, name: user.name, ...(options.country ? { country: options.country } : {}) }),
    picture: await consultantPicture(),
  });
  return { user: { ...user, role: "consultant" }, consultant };
}

/** "YYYY-MM-DD" and "HH:MM" of an instant as seen in `timeZone` (for posting slot forms). */
export function wallClock(instant: Date, timeZone = "UTC"): { date: string; time: string } {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

let slotOffset = 0;
/**
 * A slot of `consultant` starting `hoursAhead` from now (rounded to the minute; each call a
 * further 2 hours on unless `hoursAhead` is given), `minutes` long, entered in UTC.
 */
export async function createSlot(
  owner: { user: TestUser; consultant: Consultant },
  options: { hoursAhead?: number; minutes?: number } = {},
): Promise<Slot> {
  slotOffset += 2;
  const start = new Date(Date.now() + (options.hoursAhead ?? 48 + slotOffset) * 3_600_000);
  start.setUTCSeconds(0, 0);
  return addSlot({
    actor: await sessionOf(owner.user),
    consultantId: owner.consultant.id,
    fields: { ...wallClock(start), duration: String(options.minutes ?? 30), timeZone: "UTC" },
  });
}

/** The contact details a student posts with a booking. */
export function bookingContact(student: TestUser) {
  return { name: student.name, email: student.email, phone: "+880 1711 000000", address: "House 1, Road 2, Dhanmondi, Dhaka" };
}
