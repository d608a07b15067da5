import { randomUUID } from "node:crypto";
import type { Database } from "../db";
import { consultants } from "../db/schema";
import { recordAuditEvent } from "../users/audit";
import { assertConsultantEmailFree, type Consultant } from "./consultants";

/** What a consultant's profile says about them (their e-mail is their account's). */
export type ConsultantProfile = {
  name: string;
  email: string;
  university: string;
  country: string;
  phone: string;
  profession: string;
  description: string;
};

/** The picture of a profile that has none yet (the column is NOT NULL): pages show the consultant's initials. */
export const NO_CONSULTANT_PHOTO = "";

/**
 * The one way a consultant comes to be, inside the caller's transaction: an active profile tied to
 * the account `userId`, bookable as soon as they add a slot (students see active consultants whose
 * account is staff), and its audit event. Managers' add form (addConsultant) passes a stored
 * picture and every field; `create-user --role consultant` (provisionConsultant) passes no
 * picture and whatever the operator gave, the rest empty until a manager edits the profile.
 * Throws AppError("CONFLICT") when another consultant has the e-mail.
 */
export async function createConsultantProfile(
  tx: Database,
  input: {
    id?: string;
    userId: string;
    profile: ConsultantProfile;
    photo: string;
    actorId: string | null;
    by: "dashboard" | "create-user";
  },
): Promise<Consultant> {
  const email = input.profile.email.toLowerCase();
  await assertConsultantEmailFree(email, tx);
  const [consultant] = await tx
    .insert(consultants)
    .values({ id: input.id ?? randomUUID(), userId: input.userId, ...input.profile, email, photo: input.photo, createdBy: input.actorId })
    .returning();
  if (!consultant) throw new Error("the consultant insert returned no row");
  await recordAuditEvent(
    {
      action: "consultant.added",
      actorId: input.actorId,
      targetId: input.userId,
      detail: { consultantId: consultant.id, email, by: input.by },
    },
    tx,
  );
  return consultant;
}
