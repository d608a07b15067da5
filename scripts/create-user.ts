// npm run create-user -- --email E --password P --name N --role manager
// Creates a verified account (or sets the role of an existing one). Works on a DATA_DIR whose
// server is stopped (creating and migrating the database if new) and on DATABASE_URL.
//
// The arguments are checked before the database and account modules load (a second or more of
// start-up), so a mistyped command answers at once.
import { parseArgs } from "node:util";
import { z } from "zod";
import { passwordProblem } from "~/.server/auth/password-policy";
import { roles } from "~/lib/roles";
import { emailField, newPasswordField } from "~/lib/schemas/auth";

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
  const parsed = argsSchema
    .superRefine((args, context) => {
      const problem = passwordProblem({ password: args.password, email: args.email });
      if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
    })
    .safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`--${String(issue?.path[0] ?? "arguments")}: ${issue?.message}`);
  }
  const input = parsed.data;

  const [{ getConfig }, { openDatabase }, { setDatabase }, { migrateDatabase }, { provisionAccount }] = await Promise.all([
    import("~/.server/config"),
    import("~/.server/db/client"),
    import("~/.server/db/index"),
    import("~/.server/db/migrate"),
    import("~/.server/users/provision-account"),
  ]);
  const config = getConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    setDatabase(database);
    const outcome = await provisionAccount(input);
    if (outcome.status === "role-updated") {
      console.log(`Updated ${input.email}: role ${outcome.from} → ${outcome.to} (e-mail marked verified; password unchanged).`);
    } else {
      console.log(`Created ${input.role} ${input.email}.`);
    }
  } finally {
    await database.close();
  }
}

/** Refusals we expect: a bad environment, a database in use or down, a refused account change. */
const expectedFailures = new Set(["AppError", "ConfigError", "DataDirLockedError", "DatabaseUnavailableError"]);

main().catch((error: unknown) => {
  if (error instanceof Error && expectedFailures.has(error.name)) fail(error.message);
  console.error(error);
  process.exit(1);
});
