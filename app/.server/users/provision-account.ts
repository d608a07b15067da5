import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Role } from "~/lib/roles";
import { getAuth } from "../auth/auth";
import { passwordProblem } from "../auth/password-policy";
import { sessionsChanged } from "../auth/session";
import { type Database, db } from "../db";
import { accounts, users } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "./audit";

export type ProvisionOutcome = { status: "created"; id: string } | { status: "role-updated"; id: string; from: string; to: Role };

/** More work for the account's own transaction (a consultant's profile): the account as written, and whether it is new. */
export type WithAccount = (tx: Database, account: { id: string; name: string; email: string; created: boolean }) => Promise<void>;

/**
 * Makes a verified account with a password and a role (for the operator's `create-user`), or,
 * when the e-mail already has one, sets its role and marks it verified (the password stays).
 * The rows are those a sign-up writes (better-auth's hasher and id scheme, its `credential`
 * login), written in one transaction with the audit event and whatever `withAccount` adds, so a
 * failure anywhere leaves nothing behind. The password rules are those of sign-up.
 */
export async function provisionAccount(
  input: { email: string; name: string; password: string; role: Role },
  options: { withAccount?: WithAccount } = {},
): Promise<ProvisionOutcome> {
  const problem = passwordProblem({ password: input.password, email: input.email });
  if (problem) throw new AppError("INVALID", problem);
  const auth = await getAuth().$context;
  const email = input.email.trim().toLowerCase();
  // Hashed before the transaction (some 14 ms of argon2) so that it holds its locks briefly.
  const hash = await auth.password.hash(input.password);
  const newId = (model: "user" | "account") => auth.generateId({ model }) || randomUUID();
  const outcome = await db().transaction(async (tx): Promise<ProvisionOutcome> => {
    const [existing] = await tx
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .for("update");
    if (existing) {
      await tx.update(users).set({ role: input.role, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
      await recordAuditEvent(
        { action: "role.changed", targetId: existing.id, detail: { from: existing.role, to: input.role, by: "create-user" } },
        tx,
      );
      await options.withAccount?.(tx, { id: existing.id, name: existing.name, email, created: false });
      return { status: "role-updated", id: existing.id, from: existing.role, to: input.role };
    }
    const id = newId("user");
    await tx.insert(users).values({ id, name: input.name, email, emailVerified: true, role: input.role });
    await tx.insert(accounts).values({ id: newId("account"), userId: id, providerId: "credential", accountId: id, password: hash });
    await recordAuditEvent({ action: "user.created", targetId: id, email, detail: { role: input.role, by: "create-user" } }, tx);
    await options.withAccount?.(tx, { id, name: input.name, email, created: true });
    return { status: "created", id };
  });
  // Sessions carry the role: a running server forgets the ones it cached.
  if (outcome.status === "role-updated") await sessionsChanged();
  return outcome;
}
