// npm run create-user -- --email E --password P --name N --role manager
// Creates a verified account (or sets the role of an existing one). Works on a DATA_DIR whose
// server is stopped (creating and migrating the database if new) and on DATABASE_URL.
// With --role consultant the account also gets its consultant profile (students can book it once
// it has slots); --university, --country, --phone, --profession and --description fill it in.
//
// The arguments are checked before the database and account modules load (a second or more of
// start-up), so a mistyped command answers at once.
import { type CreateUserArgs, parseCreateUserArgs } from "./lib/create-user-args";

function fail(message: string): never {
  console.error(`create-user: ${message}`);
  process.exit(1);
}

async function main() {
  const parsed = parseCreateUserArgs(process.argv.slice(2));
  if (!parsed.ok) fail(parsed.message);
  const { input, profile }: CreateUserArgs = parsed;
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
      const { account, profileCreated } = await provisionConsultant({ ...input, profile });
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
