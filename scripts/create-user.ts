// npm run create-user -- --email E --password P --name N --role manager
// Creates a verified account (or sets the role of an existing one). Works on a DATA_DIR whose
// server is stopped (creating and migrating the database if new) and on DATABASE_URL.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { hashPassword } from "~/.server/auth/password-hash";
import { emailField, newPasswordField } from "~/.server/auth/schemas";
import { ConfigError, getConfig } from "~/.server/config";
import { DatabaseUnavailableError, openDatabase } from "~/.server/db/client";
import { DataDirLockedError } from "~/.server/db/data-dir-lock";
import { setDatabase } from "~/.server/db/index";
import { migrateDatabase } from "~/.server/db/migrate";
import { accounts, users } from "~/.server/db/schema";
import { recordAuditEvent } from "~/.server/users/audit";
import { roles } from "~/lib/roles";

const argsSchema = z.object({
  email: emailField,
  password: newPasswordField,
  name: z.string().trim().min(1, "--name is required").max(100),
  role: z.enum(roles, { message: `--role must be one of ${roles.join(", ")}` }),
});

function fail(message: string): never {
  console.error(`create-user: ${message}`);
  process.exit(1);
}

async function main() {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        role: { type: "string", default: "student" },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\nusage: npm run create-user -- --email E --password P --name N --role manager`);
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`--${String(issue?.path[0] ?? "arguments")}: ${issue?.message}`);
  }
  const input = parsed.data;

  const config = getConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    setDatabase(database);
    const [existing] = await database.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, input.email));
    if (existing) {
      await database.db
        .update(users)
        .set({ role: input.role, emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      await recordAuditEvent({
        action: "role.changed",
        targetId: existing.id,
        detail: { from: existing.role, to: input.role, by: "create-user" },
      });
      console.log(`Updated ${input.email}: role ${existing.role} → ${input.role} (e-mail marked verified; password unchanged).`);
      return;
    }
    const id = randomBytes(16).toString("hex");
    const password = await hashPassword(input.password);
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ id, name: input.name, email: input.email, role: input.role, emailVerified: true });
      await tx
        .insert(accounts)
        .values({ id: randomBytes(16).toString("hex"), accountId: id, providerId: "credential", userId: id, password });
      await recordAuditEvent(
        { action: "user.created", targetId: id, email: input.email, detail: { role: input.role, by: "create-user" } },
        tx,
      );
    });
    console.log(`Created ${input.role} ${input.email}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DatabaseUnavailableError) fail(error.message);
  console.error(error);
  process.exit(1);
});
