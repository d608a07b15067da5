import { ConsultantStarterSchema } from "~/lib/schemas/booking";
import { sessionsChanged } from "../auth/session";
import { bookingListsChanged } from "../bookings/booking-lists-cache";
import { AppError } from "../errors";
import { type ProvisionOutcome, provisionAccount } from "../users/provision-account";
import { type Consultant, findConsultantOfUser } from "./consultants";
import { createConsultantProfile, NO_CONSULTANT_PHOTO } from "./create-consultant-profile";

export type StarterProfile = { [Field in keyof typeof ConsultantStarterSchema.shape]?: string };

/**
 * `create-user --role consultant`: the account (as provisionAccount makes or updates it) and its
 * consultant profile, in one transaction: active, no picture and no slots yet, so students can
 * book them as soon as they add times under Appointment Time; a manager completes the picture and
 * details on the consultant's edit page. An account that already has a profile keeps it as it is.
 * Throws AppError: INVALID (the password, a detail) and CONFLICT (another consultant has the
 * e-mail), with nothing written.
 */
export async function provisionConsultant(input: {
  email: string;
  name: string;
  password: string;
  profile?: StarterProfile;
}): Promise<{ account: ProvisionOutcome; consultant: Consultant; profileCreated: boolean }> {
  const parsed = ConsultantStarterSchema.safeParse(input.profile ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("INVALID", `${String(issue?.path[0] ?? "profile")}: ${issue?.message ?? "not valid"}`);
  }
  const details = parsed.data;
  let consultant: Consultant | undefined;
  let profileCreated = false;
  const account = await provisionAccount(
    { email: input.email, name: input.name, password: input.password, role: "consultant" },
    {
      async withAccount(tx, user) {
        consultant = (await findConsultantOfUser(user.id, tx)) ?? undefined;
        if (consultant) return;
        consultant = await createConsultantProfile(tx, {
          userId: user.id,
          profile: {
            name: user.name,
            email: user.email,
            university: details.university ?? "",
            country: details.country ?? "",
            phone: details.phone ?? "",
            profession: details.profession ?? "",
            description: details.description ?? "",
          },
          photo: NO_CONSULTANT_PHOTO,
          actorId: null,
          by: "create-user",
        });
        profileCreated = true;
      },
    },
  );
  if (!consultant) throw new Error("provisionAccount did not run withAccount");
  // Sessions carry whether the person is a consultant; the booking lists show consultants.
  await sessionsChanged();
  await bookingListsChanged();
  return { account, consultant, profileCreated };
}
