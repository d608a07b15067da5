import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import { getAuth } from "../auth/auth";
import { passwordProblem } from "../auth/password-policy";
import { db } from "../db";
import { accounts, siteSetting, users } from "../db/schema";
import { AppError } from "../errors";
import { type SiteSettingChanges, siteSettingsChanged, updateSiteSettings } from "../settings/update-site-settings";
import { recordAuditEvent } from "../users/audit";
import { SETUP_COMPLETED_KEY, SETUP_TOKEN_KEY, sameToken, setupPending, storedToken } from "./setup-token";

/**
 * Completes first-run set-up: the first admin (verified, with a password: the rows a sign-up
 * and its confirmation would leave, written as `provisionAccount` writes them, through
 * better-auth's hasher and ids) and the consultancy's settings, in one transaction that also
 * consumes the token. A wrong or used token, or a site that has a manager or admin already, is
 * NOT_FOUND and changes nothing; so is the second of two posts racing with the same token.
 */
export async function completeSetup(input: {
  token: string;
  name: string;
  email: string;
  password: string;
  settings: SiteSettingChanges;
}): Promise<{ userId: string }> {
  const email = input.email.trim().toLowerCase();
  const problem = passwordProblem({ password: input.password, email });
  if (problem) throw new AppError("INVALID", problem, { fieldErrors: { password: problem } });
  const context = await getAuth().$context;
  const hash = await context.password.hash(input.password);
  const userId = context.generateId({ model: "user" }) || randomBytes(16).toString("hex");
  const accountId = context.generateId({ model: "account" }) || randomBytes(16).toString("hex");

  await db().transaction(async (tx) => {
    // The token's row, locked: of two posts at once, the second waits and then finds it gone.
    const stored = await storedToken(tx, { forUpdate: true });
    if (!stored || !sameToken(stored, input.token) || !(await setupPending(tx))) {
      throw new AppError("NOT_FOUND", m.server_setup_link_invalid());
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (taken) {
      const refusal = m.server_setup_email_taken();
      throw new AppError("INVALID", refusal, { fieldErrors: { email: refusal } });
    }

    await tx.insert(users).values({ id: userId, name: input.name, email, emailVerified: true, role: "admin" });
    await tx.insert(accounts).values({ id: accountId, userId, accountId: userId, providerId: "credential", password: hash });
    await recordAuditEvent(
      { action: "user.created", actorId: userId, targetId: userId, email, detail: { role: "admin", by: "setup" } },
      tx,
    );
    await updateSiteSettings({ actor: { id: userId, role: "admin" }, changes: input.settings }, tx);
    await tx.delete(siteSetting).where(eq(siteSetting.key, SETUP_TOKEN_KEY));
    await tx.insert(siteSetting).values({ key: SETUP_COMPLETED_KEY, value: new Date().toISOString() });
    await recordAuditEvent({ action: "setup.completed", actorId: userId, targetId: userId }, tx);
  });
  siteSettingsChanged();
  return { userId };
}
