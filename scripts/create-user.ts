// npm run create-user -- --email E --password P --name N --role manager
// Creates a verified account (or sets the role of an existing one). Works on a DATA_DIR whose
// server is stopped (creating and migrating the database if new) and on DATABASE_URL.
// With --role consultant the account also gets its consultant profile (students can book it once
// it has slots); --university, --country, --phone, --profession and --description fill it in.
//
// The arguments are checked before the database and account modules load (a second or more of
// start-up), so a mistyped command answers at once.
import { parseArgs } from "node:util";
import { z } from "zod";
import { passwordProblem } from "~/.server/auth/password-policy";
import { roles } from "~/lib/roles";
import { emailField, newPasswordField } from "~/lib/schemas/auth";
import { ConsultantStarterSchema } from "~/lib/schemas/booking";

/** The consultant profile's details create-user takes (checked by the add-consultant form's rules). */
const profileOptions = ["university", "country", "phone", "profession", "description"] as const;

const argsSchema = z.object({
  email: emailField,
  password: newPasswordField,
  name: z.string().trim().min(1, "--name is required").max(100),
  role: z.enum(roles, { message: `--role must be one of ${roles.join(", ")}` }),
});

const usage =
  "usage: npm run create-user -- --email E --password P --name N --role manager\n" +
  "       (with --role consultant, optionally --university U --country C --phone P --profession P --description D)";

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
        ...Object.fromEntries(profileOptions.map((name) => [name, { type: "string" as const }])),
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  const profile = Object.fromEntries(profileOptions.flatMap((name) => (values[name] === undefined ? [] : [[name, values[name]]])));
  const extra = Object.keys(profile)[0];
  if (extra && values.role !== "consultant") fail(`--${extra} describes a consultant: use it with --role consultant`);
  const details = ConsultantStarterSchema.safeParse(profile);
  if (!details.success) {
    const issue = details.error.issues[0];
    fail(`--${String(issue?.path[0])}: ${issue?.message}`);
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
  const report = (outcome: { status: "created" } | { status: "role-updated"; from: string; to: string }) =>
    console.log(
      outcome.status === "role-updated"
        ? `Updated ${input.email}: role ${outcome.from} → ${outcome.to} (e-mail marked verified; password unchanged).`
        : `Created ${input.role} ${input.email}.`,
    );

  const [
    { getConfig },
    { openDatabase },
    { setDatabase },
    { prepareDatabase },
    { provisionAccount },
    { provisionConsultant },
    { closeSharedRedis },
  ] = await Promise.all([
    import("~/.server/config"),
    import("~/.server/db/client"),
    import("~/.server/db/index"),
    import("~/.server/prepare-database"),
    import("~/.server/users/provision-account"),
    import("~/.server/consultants/provision-consultant"),
    import("~/.server/redis"),
  ]);
  const config = getConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database);
    setDatabase(database);
    if (input.role === "consultant") {
      // One truth for what a consultant is: the role and a bookable profile, written together.
      const { account, profileCreated } = await provisionConsultant({ ...input, profile: details.data });
      report(account);
      console.log(
        profileCreated
          ? "Added their consultant profile: students can book them once they add times under Dashboard → Appointment Time; a manager adds the picture and details under Dashboard → Consultants."
          : "They already had a consultant profile; it is unchanged.",
      );
    } else {
      report(await provisionAccount(input));
    }
  } finally {
    await database.close();
    // With REDIS_URL the account's change reached the other instances' caches through Redis: its connection would keep the process alive.
    await closeSharedRedis();
  }
}

/** Refusals we expect: a bad environment, a database in use or down, a refused account change. */
const expectedFailures = new Set(["AppError", "ConfigError", "DataDirLockedError", "DatabaseUnavailableError"]);

main().catch((error: unknown) => {
  if (error instanceof Error && expectedFailures.has(error.name)) fail(error.message);
  console.error(error);
  process.exit(1);
});
