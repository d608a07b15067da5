import type { Role } from "~/lib/roles";
import { getAuth } from "../auth/auth";
import { passwordProblem } from "../auth/password-policy";
import { AppError } from "../errors";
import { recordAuditEvent } from "./audit";

export type ProvisionOutcome = { status: "created"; id: string } | { status: "role-updated"; id: string; from: string; to: Role };

/**
 * Makes a verified account with a password and a role (for the operator's `create-user`), or,
 * when the e-mail already has one, sets its role and marks it verified (the password stays).
 * The rows are written through better-auth's own adapter and hasher, so they are what a
 * sign-up would have written; the password rules are those of sign-up.
 */
export async function provisionAccount(input: { email: string; name: string; password: string; role: Role }): Promise<ProvisionOutcome> {
  const problem = passwordProblem({ password: input.password, email: input.email });
  if (problem) throw new AppError("INVALID", problem);
  const { internalAdapter, password } = await getAuth().$context;
  const existing = await internalAdapter.findUserByEmail(input.email);
  if (existing) {
    const from = String((existing.user as { role?: unknown }).role ?? "student");
    await internalAdapter.updateUser(existing.user.id, { role: input.role, emailVerified: true });
    await recordAuditEvent({ action: "role.changed", targetId: existing.user.id, detail: { from, to: input.role, by: "create-user" } });
    return { status: "role-updated", id: existing.user.id, from, to: input.role };
  }
  const hash = await password.hash(input.password);
  const user = await internalAdapter.createUser(
    { name: input.name, email: input.email, emailVerified: true, role: input.role },
    { method: "admin" },
  );
  try {
    await internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  } catch (error) {
    // No account without a password: undo the user so that running the command again works.
    await internalAdapter.deleteUser(user.id);
    throw error;
  }
  await recordAuditEvent({
    action: "user.created",
    targetId: user.id,
    email: input.email,
    detail: { role: input.role, by: "create-user" },
  });
  return { status: "created", id: user.id };
}
