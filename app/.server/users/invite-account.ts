import { randomBytes } from "node:crypto";
import type { Role } from "~/lib/roles";
import { getAuth } from "../auth/auth";
import { getConfig } from "../config";
import { recordAuditEvent } from "./audit";

/** How long an invitation's set-password link works. */
export const INVITATION_DAYS = 7;

export type Invitation = {
  userId: string;
  /** The link that lets the new account's owner choose a password (the password-reset page). */
  setPasswordUrl: string;
  /** Undoes the account when what it was made for failed (nothing else refers to it yet). */
  undo(): Promise<void>;
};

/**
 * Makes an account for someone staff are adding (a consultant) who has none: verified (staff
 * typed the address, and only its owner can use the link), with `role` and no password, plus a
 * set-password link that works for INVITATION_DAYS. The rows are written through better-auth's own
 * adapter, as `provisionAccount` writes them; the link is a password-reset token, so choosing the
 * password is better-auth's reset (which creates the password login). Mail the link yourself,
 * through the outbox, in the transaction that uses the account.
 */
export async function inviteAccount(input: { email: string; name: string; role: Role; actorId: string }): Promise<Invitation> {
  const { internalAdapter } = await getAuth().$context;
  const user = await internalAdapter.createUser(
    { name: input.name, email: input.email.trim().toLowerCase(), emailVerified: true, role: input.role },
    { method: "admin" },
  );
  const token = randomBytes(24).toString("base64url");
  await internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
  });
  await recordAuditEvent({
    action: "user.created",
    actorId: input.actorId,
    targetId: user.id,
    email: user.email,
    detail: { role: input.role, by: "invitation" },
  });
  const setPasswordUrl = new URL("/reset-password", getConfig().appUrl);
  setPasswordUrl.searchParams.set("token", token);
  return {
    userId: user.id,
    setPasswordUrl: setPasswordUrl.href,
    async undo() {
      await internalAdapter.deleteUser(user.id);
    },
  };
}
