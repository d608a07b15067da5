import type { Role } from "../../app/lib/roles";

/**
 * Creates a person with `role` in a stopped server's DATA_DIR (the embedded database has
 * one owner at a time, so this runs before the server starts) and returns the cookies of
 * a signed-in session for them. It uses the app's own better-auth instance, so the cookie
 * is signed with the DATA_DIR's session secret exactly as the server will check it.
 */
export async function createSignedInUser(dataDir: string, role: Role): Promise<{ name: string; value: string }[]> {
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL = "silent";
  const { openDatabase } = await import("../../app/.server/db/client");
  const { setDatabase } = await import("../../app/.server/db/index");
  const { getAuth } = await import("../../app/.server/auth/auth");
  const { users } = await import("../../app/.server/db/schema");
  const { eq } = await import("drizzle-orm");

  const database = await openDatabase({ dataDir });
  try {
    setDatabase(database);
    const email = `${role}-${Date.now()}@onward.test`;
    const { headers } = await getAuth().api.signUpEmail({
      body: { name: `Test ${role}`, email, password: "correct horse battery staple" },
      returnHeaders: true,
    });
    await database.db.update(users).set({ role }).where(eq(users.email, email));
    return headers.getSetCookie().map((line) => {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      return { name: pair.slice(0, separator), value: pair.slice(separator + 1) };
    });
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}
