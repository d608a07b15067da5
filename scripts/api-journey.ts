// `npm run api:journey`: a whole journey through the JSON API alone (scripts/lib/api-journey.ts),
// against the production server it starts (building first when the build is stale) on a fresh
// DATA_DIR, where a manager and a consultant account are made first as `npm run create-user`
// would. The confirmation e-mail is read from DATA_DIR/mail (no SMTP_URL). Prints each step and
// exits non-zero on the first refusal.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runApiJourney } from "./lib/api-journey";
import { root, startProductionServer } from "./lib/production-server.mjs";

const manager = { email: "journey.manager@onward.test", password: "a long journey passphrase 1", name: "Journey Manager", role: "manager" };
const consultant = {
  email: "journey.consultant@onward.test",
  password: "a long journey passphrase 2",
  name: "Journey Consultant",
  role: "consultant",
};
const student = { email: "journey.student@onward.test", password: "a long journey passphrase 3", name: "Nusrat Jahan" };

const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-api-journey-"));
for (const account of [manager, consultant]) {
  const made = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
      "scripts/create-user.ts",
      "--email",
      account.email,
      "--password",
      account.password,
      "--name",
      account.name,
      "--role",
      account.role,
    ],
    { cwd: root, env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" }, encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`create-user failed:\n${made.stdout}${made.stderr}`);
}

/** The confirmation link in the newest message to `email` in DATA_DIR/mail, waiting up to 30 s for the mail worker. */
async function confirmationLink(email: string): Promise<string> {
  const folder = path.join(dataDir, "mail");
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = (() => {
      try {
        return readdirSync(folder).filter((name) => name.endsWith(".eml") && !name.startsWith("."));
      } catch {
        return [];
      }
    })();
    for (const name of files.sort().reverse()) {
      // Quoted-printable: join soft line breaks and decode =XX before looking for the link.
      const text = readFileSync(path.join(folder, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      if (!text.includes(email)) continue;
      const link = /https?:\/\/[^\s"<>]+\/verify-email\?token=[^\s"<>]+/.exec(text)?.[0];
      if (link) return link.replaceAll("&amp;", "&");
    }
    if (Date.now() > deadline) throw new Error(`no confirmation e-mail to ${email} in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const server = await startProductionServer({ dataDir, env: { LOG_LEVEL: "warn" } });
let failed = false;
try {
  const result = await runApiJourney({
    url: server.url,
    manager,
    consultant,
    student,
    confirmationLink,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`api:journey: done — application ${result.applicationId} (Processing), booking ${result.bookingId} (accepted)`);
} catch (error) {
  console.error(`api:journey: failed — ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
