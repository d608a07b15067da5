// `npm run test:faults`: crash safety (issue 28). On PGlite and then on PostgreSQL, the built production
// server takes writes from concurrent clients of the JSON API — sign-ups, applications with 15 documents,
// a consultant's slots and students' bookings, staff status changes, networking member edits — and is
// killed with SIGKILL at a random moment; on PostgreSQL every other round first ends the database sessions
// (pg_terminate_backend) mid-request. After each crash, on the database as the crash left it, every write
// acknowledged (a 2xx received) must be there as it was acknowledged, every stored document's bytes must
// have the sha256 of those sent, and no document or photo row may point at a missing file; the embedded
// database must open, and the server must start again on the same DATA_DIR and database, where each new
// document is downloaded through the API and hashed. At the end every acknowledged sign-up must have had
// exactly one confirmation e-mail at the SMTP stand-in (one Message-ID: a message sent again after a kill
// between the SMTP server's "OK" and its row marked sent carries the same one, and is counted), and the
// outbox must be empty.
// Prints `lost: L of N acknowledged` once per database; exits non-zero when a write was lost or a check failed.
// TEST_FAULTS_ROUNDS (default 10) rounds per database; PostgreSQL: TEST_DATABASE_URL's server, else
// postgres://postgres@127.0.0.1:5432, in a database of its own that is dropped afterwards. Needs `npm run build`.
import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { defaultJobCategories, defaultMemberLocations } from "~/lib/networking";
import { startSmtpServer } from "../tests/support/smtp";
import { apiClient, onePagePdf } from "./lib/api-journey";
import { documentFields } from "./lib/document-fields.mjs";
import { seedAccounts, startProductionServer } from "./lib/production-server.mjs";
import { createScratchDatabase, type ScratchDatabase } from "./lib/scratch-postgres";
import { openPgliteReader, openPostgresReader, type SqlReader } from "./lib/sql-reader";
import { type CheckContext, WriteLedger } from "./lib/write-ledger";

type Kind = "pglite" | "postgres";
type Server = Awaited<ReturnType<typeof startProductionServer>>;

const rounds = Number(process.env.TEST_FAULTS_ROUNDS ?? 10);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error("TEST_FAULTS_ROUNDS must be a whole number from 1");
  process.exit(2);
}
const postgresServer = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432";

const passphrase = "crash test passphrase for faults 42";
const manager = { email: "faults.manager@example.com", password: passphrase, name: "Faults Manager", role: "manager" };
/** Takes the profile bench-seed gives the first consultant, whose slots it books for every student. */
const seededConsultant = { email: "faults.seeded@example.com", password: passphrase, name: "Seeded Consultant", role: "consultant" };
const consultant = { email: "faults.consultant@example.com", password: passphrase, name: "Faults Consultant", role: "consultant" };
const applicants = [1, 2, 3].map((n) => ({
  email: `faults.applicant${n}@example.com`,
  password: passphrase,
  name: `Applicant ${n}`,
  role: "student",
}));
const bookers = [1, 2].map((n) => ({ email: `faults.booker${n}@example.com`, password: passphrase, name: `Booker ${n}`, role: "student" }));

/** A round's traffic runs this long at least and at most before the kill. */
const KILL_AFTER_MS = [3_000, 12_000] as const;
/** The pause between two quick writes of one client (slots, bookings, status changes, member edits). */
const PACE_MS = 100;
/** Sign-ups per round and client: under the 30 an hour one address may make (a count each restart empties). */
const SIGN_UPS_PER_CLIENT = 12;
/** A mail claimed by the worker that died is sent again after its 60 s lease (app/.server/mail/worker.ts). */
const MAIL_LEASE_MS = 65_000;
/** The outbox is taken as worked off when the SMTP stand-in has heard nothing for this long… */
const MAIL_QUIET_MS = 5_000;
/** …but waited for no longer than this after the last crash. */
const MAIL_DRAIN_LIMIT_MS = 240_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.random() * (high - low);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What must be stopped or removed, undone last first, also when the script fails or is interrupted. */
const cleanups: (() => Promise<unknown> | unknown)[] = [];
async function cleanUp() {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`clean-up: ${message(error)}`);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping what was started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const failures: string[] = [];
const started = Date.now();
try {
  for (const kind of ["pglite", "postgres"] as const) {
    try {
      await runDatabase(kind);
    } catch (error) {
      failures.push(`${kind}: ${message(error)}`);
    } finally {
      await cleanUp();
    }
  }
} finally {
  await cleanUp();
}
console.log(`test:faults: ${rounds} round(s) per database in ${Math.round((Date.now() - started) / 1000)} s`);
if (failures.length > 0) {
  console.log(`FAILED:\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
  process.exit(1);
}
process.exit(0);

/** All rounds on one database: prints its `lost:` line, even when a failure ends them early. */
async function runDatabase(kind: Kind) {
  const databaseStarted = Date.now();
  const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
  const ledger = new WriteLedger();
  let roundsDone = 0;
  try {
    await runRounds(kind, label, ledger, () => roundsDone++);
  } finally {
    for (const [what, problem] of [...ledger.lost].slice(0, 20)) failures.push(`${label}: lost ${what}: ${problem}`);
    if (ledger.size === 0) failures.push(`${label}: nothing was acknowledged`);
    console.log(
      `lost: ${ledger.lost.size} of ${ledger.size} acknowledged (${label}, ${roundsDone} of ${rounds} round(s), ` +
        `${Math.round((Date.now() - databaseStarted) / 1000)} s)`,
    );
  }
}

/** The rounds on one database, its set-up and the checks at the end; adds to `failures` and `ledger`. */
async function runRounds(kind: Kind, label: string, ledger: WriteLedger, roundDone: () => void) {
  const fail = (problem: string) => failures.push(`${label}: ${problem}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-faults-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const uploads = path.join(dataDir, "uploads");
  const smtp = await startSmtpServer();
  cleanups.push(() => smtp.stop());

  const env: Record<string, string> = { LOG_LEVEL: "warn", SMTP_URL: smtp.url };
  let scratch: ScratchDatabase | undefined;
  if (kind === "postgres") {
    try {
      scratch = await createScratchDatabase(postgresServer, "onward_faults");
    } catch (error) {
      throw new Error(`PostgreSQL at ${redact(postgresServer)} is unreachable (set TEST_DATABASE_URL): ${message(error)}`);
    }
    const { drop } = scratch;
    cleanups.push(drop);
    Object.assign(env, { DATABASE_URL: scratch.url, SESSION_SECRET: randomBytes(24).toString("hex") });
  }
  const seedingFrom = Date.now();
  seedAccounts(dataDir, [manager, seededConsultant, consultant, ...applicants, ...bookers], env);

  let server: Server | undefined;
  cleanups.push(() => server?.kill());
  async function start() {
    const begun = Date.now();
    try {
      server = await startProductionServer({ dataDir, env, build: false });
    } catch (error) {
      const after = server ? ` on the DATA_DIR${scratch ? " and database" : ""} a crash left` : "";
      throw new Error(`the server did not start${after}: ${message(error)}`);
    }
    return Date.now() - begun;
  }
  const firstStartMs = await start();
  console.log(
    `${label}: seeded and started in ${Math.round((Date.now() - seedingFrom) / 1000)} s (the start ${(firstStartMs / 1000).toFixed(1)} s)`,
  );
  const api = () => apiClient((server as Server).url);

  // Who writes: everyone signs in once (the sessions must outlive the crashes too); the consultant gets a
  // profile, and three networking members are added, for the member edits.
  const tokens = new Map<string, string>();
  for (const account of [manager, consultant, ...applicants, ...bookers]) tokens.set(account.email, await api().login(account));
  const token = (account: { email: string }) => tokens.get(account.email) as string;
  const { id: consultantId } = await api().call<{ id: string }>("POST", "/consultants", {
    token: token(manager),
    form: formOf(
      {
        name: consultant.name,
        university: "Technical University of Munich",
        country: "Germany",
        email: consultant.email,
        phone: "+49 30 1234567",
        profession: "Admissions adviser",
        description: "Helps with German applications, blocked accounts and the first weeks in Munich.",
      },
      await picture("#0f766e"),
    ),
    expected: 201,
  });
  const memberFields = (n: number, company: string) => ({
    name: `Member ${n}`,
    company,
    address: "Helsinki",
    email: `faults.member${n}@example.com`,
    phone: "+358 40 123 4567",
    profession: "Engineer",
    location: defaultMemberLocations[n % defaultMemberLocations.length] as string,
    category: defaultJobCategories[n % defaultJobCategories.length] as string,
  });
  const members: { id: string; n: number }[] = [];
  for (const n of [1, 2, 3]) {
    const { id } = await api().call<{ id: string }>("POST", "/networking-members", {
      token: token(manager),
      form: formOf(memberFields(n, "Nordic Software"), await picture("#1d4ed8")),
      expected: 201,
    });
    members.push({ id, n });
  }

  const signUps = { attempted: [] as string[], acknowledged: [] as string[] };
  /** Submitted applications waiting for staff: processing, then completed. */
  const casework: { id: string; next: "processing" | "completed" }[] = [];
  const freeSlots: string[] = [];
  // Slots from ten days ahead, an hour apart: past bench-seed's and never overlapping one another.
  const slotBase = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 10 * 86_400_000;
  let slotCount = 0;
  let memberEdits = 0;
  let lastKill = Date.now();
  /** How many mails the SMTP stand-in had received when each kill came, to place a duplicate against the kills. */
  const mailsAtKills: number[] = [];

  for (let round = 1; round <= rounds; round++) {
    const acknowledgedBefore = ledger.size;
    const url = (server as Server).url;
    const { call, everyPage } = apiClient(url);
    let stopped = false;
    const refusals: string[] = [];
    /**
     * One client: `step` again and again until the kill, `pauseMs` apart (the quick writes are paced so that
     * uploads get their share of the database); a refusal before the kill is noted and the client goes on.
     */
    async function client(step: () => Promise<boolean | undefined>, pauseMs = 0) {
      while (!stopped) {
        try {
          if ((await step()) === false) return;
          if (pauseMs > 0) await sleep(pauseMs);
        } catch (error) {
          if (stopped) return;
          refusals.push(message(error));
          await sleep(200);
        }
      }
    }

    const signUpClient = (k: number) => {
      let n = 0;
      return client(async () => {
        if (n >= SIGN_UPS_PER_CLIENT) return false;
        const email = `faults.${kind}.r${round}.c${k}.${n++}@example.com`;
        signUps.attempted.push(email);
        await call("POST", "/users", {
          json: { name: `Signed Up ${n}`, email, password: passphrase, confirmPassword: passphrase },
          expected: 202,
        });
        signUps.acknowledged.push(email);
        ledger.acknowledge("sign-up", `sign-up of ${email}`, async ({ db }) =>
          (await db.query("select 1 from users where email = $1", [email])).length === 1 ? null : "no account",
        );
      });
    };

    const applicantClient = (account: (typeof applicants)[number]) => {
      let draft: { id: string | null; fields: Set<string> } | undefined;
      return client(async () => {
        // What the crash left of the application in progress: its documents stay, the missing ones follow.
        if (!draft) {
          const found = await call<{ id: string | null; documents: { field: string }[] }>("GET", "/me/application", {
            token: token(account),
          });
          draft = { id: found.id, fields: new Set(found.documents.map((document) => document.field)) };
        }
        const field = documentFields.find((candidate) => !draft?.fields.has(candidate));
        if (field) {
          const bytes = documentBytes(`${account.name} ${field}`);
          const form = new FormData();
          form.append(field, new File([bytes], `${field}.pdf`, { type: "application/pdf" }));
          const { draftId } = await call<{ draftId: string }>("PUT", `/me/application/documents/${field}`, { token: token(account), form });
          draft.id = draftId;
          draft.fields.add(field);
          ledger.acknowledge(
            "document",
            `the ${field} of application ${draftId}`,
            documentCheck(draftId, field, sha256(bytes)),
            downloadCheck(draftId, field, sha256(bytes), token(account)),
          );
          return;
        }
        const { id } = await call<{ id: string }>("POST", "/me/application/submit", {
          token: token(account),
          json: {
            draftId: draft.id,
            countryName: "Germany",
            universityName: "Technical University of Munich",
            name: account.name,
            address: "House 12, Road 5, Dhanmondi, Dhaka",
            fatherName: "Abdul Karim",
            motherName: "Salma Begum",
            sponsorName: "Abdul Karim",
          },
          expected: 201,
        });
        draft = { id: null, fields: new Set() };
        casework.push({ id, next: "processing" });
        ledger.acknowledge("submission", `the submission of application ${id}`, async ({ db }) => {
          const [row] = await db.query<{ status: string; documents: number }>(
            "select status, (select count(*)::int from application_documents d where d.application_id = a.id) as documents from applications a where id = $1",
            [id],
          );
          if (!row) return "no application";
          if (row.status === "draft") return "still a draft";
          return row.documents === documentFields.length ? null : `${row.documents} documents`;
        });
      });
    };

    const staffClient = client(async () => {
      const application = casework[0];
      if (!application) return void (await sleep(100));
      const { id, next } = application;
      // Whatever the answer, this application moves on (a crash may have applied a change whose answer was lost).
      if (next === "processing") application.next = "completed";
      else casework.shift();
      const allowed = ledger.overwrite(`status of ${id}`, next);
      await call("POST", `/applications/${id}/status`, { token: token(manager), json: { status: next } });
      ledger.acknowledge("status change", `status ${next} of application ${id} (round ${round})`, async ({ db }) => {
        const [row] = await db.query<{ status: string }>("select status from applications where id = $1", [id]);
        return row && allowed().includes(row.status) ? null : `status ${row?.status ?? "missing"}, not ${allowed().join(" or ")}`;
      });
    }, PACE_MS);

    const consultantClient = client(async () => {
      if (freeSlots.length >= 4) return void (await sleep(50));
      const startsAt = new Date(slotBase + slotCount++ * 3_600_000);
      const slot = await call<{ id: string }>("POST", "/me/slots", {
        token: token(consultant),
        json: { date: startsAt.toISOString().slice(0, 10), time: startsAt.toISOString().slice(11, 16), duration: "30", timeZone: "UTC" },
        expected: 201,
      });
      freeSlots.push(slot.id);
      ledger.acknowledge("slot", `slot ${slot.id}`, async ({ db }) => {
        const [row] = await db.query<{ same: boolean }>(
          "select starts_at = $2::timestamptz as same from appointment_slots where id = $1 and deleted_at is null",
          [slot.id, startsAt.toISOString()],
        );
        return row?.same ? null : row ? "another start" : "no slot";
      });
    }, PACE_MS);

    const bookerClient = (account: (typeof bookers)[number]) => {
      /** Live bookings with the consultant, cancelled before the next (one live booking per consultant). */
      let live: string[] | undefined;
      return client(async () => {
        live ??= (await everyPage<{ id: string; status: string; consultantId: string }>("/me/bookings", token(account)))
          .filter((booking) => booking.consultantId === consultantId && ["pending", "accepted"].includes(booking.status))
          .map((booking) => booking.id);
        const cancelling = live[0];
        if (cancelling) {
          const allowed = ledger.overwrite(`booking ${cancelling}`, "cancelled");
          try {
            await call("POST", `/bookings/${cancelling}/cancel`, { token: token(account) });
          } catch (error) {
            live = undefined;
            throw error;
          }
          live.shift();
          ledger.acknowledge("cancellation", `the cancellation of booking ${cancelling}`, async ({ db }) => {
            const [row] = await db.query<{ status: string }>("select status from bookings where id = $1", [cancelling]);
            return row && allowed().includes(row.status) ? null : `status ${row?.status ?? "missing"}`;
          });
          return;
        }
        const slot = freeSlots.shift();
        if (!slot) return void (await sleep(50));
        const booked = live;
        live = undefined;
        const { bookingId } = await call<{ bookingId: string }>("POST", `/consultants/${consultantId}/bookings`, {
          token: token(account),
          json: {
            slot,
            name: account.name,
            email: account.email,
            phone: "+880 1711 000000",
            address: "House 12, Road 5, Dhanmondi, Dhaka",
          },
          expected: 201,
        });
        live = [...booked, bookingId];
        ledger.acknowledge("booking", `booking ${bookingId} of slot ${slot}`, async ({ db }) => {
          const rows = await db.query(
            "select 1 from bookings b join users u on u.id = b.student_id where b.id = $1 and b.slot_id = $2 and u.email = $3",
            [bookingId, slot, account.email],
          );
          return rows.length === 1 ? null : "no booking";
        });
      }, PACE_MS);
    };

    const memberClient = client(async () => {
      const member = members[memberEdits % members.length] as (typeof members)[number];
      const company = `Company ${kind} ${round}.${memberEdits++}`;
      const allowed = ledger.overwrite(`company of member ${member.id}`, company);
      await call("PATCH", `/networking-members/${member.id}`, { token: token(manager), form: formOf(memberFields(member.n, company)) });
      ledger.acknowledge("member edit", `member ${member.id}'s company ${company}`, async ({ db }) => {
        const [row] = await db.query<{ company: string }>("select company from networking_members where id = $1", [member.id]);
        return row && allowed().includes(row.company) ? null : `company ${row?.company ?? "missing"}`;
      });
    }, PACE_MS);

    const traffic = Promise.all([
      signUpClient(1),
      signUpClient(2),
      ...applicants.map(applicantClient),
      staffClient,
      consultantClient,
      ...bookers.map(bookerClient),
      memberClient,
    ]);
    const killAfter = between(...KILL_AFTER_MS);
    await sleep(killAfter);
    let terminated = "";
    if (scratch && round % 2 === 0) {
      terminated = `, ${await scratch.terminateBackends()} database sessions ended first`;
      // Long enough for requests that met an ended session to be answered, short enough to kill others mid-way.
      await sleep(between(50, 1_500));
    }
    stopped = true;
    await (server as Server).kill();
    lastKill = Date.now();
    mailsAtKills.push(smtp.received.length);
    await traffic;
    const acknowledged = ledger.size - acknowledgedBefore;

    // The data as the crash left it: PGlite's folder copied (the server's start recovers the original),
    // PostgreSQL's database as it is.
    const lostBefore = ledger.lost.size;
    await checkCrashState(`after the crash of round ${round}`);
    const restartMs = await start();
    await ledger.readBack((server as Server).url);
    console.log(
      `${label} round ${round}/${rounds}: killed after ${(killAfter / 1000).toFixed(1)} s${terminated}; ${acknowledged} writes acknowledged ` +
        `(${ledger.summary(acknowledgedBefore)}; ${refusals.length} refused before the kill), ${ledger.lost.size - lostBefore} missing afterwards; restarted in ${(restartMs / 1000).toFixed(1)} s`,
    );
    if (refusals.length > 0) console.log(`  first refusal: ${refusals[0]}`);
    roundDone();
  }

  // The outbox: each acknowledged sign-up's confirmation mail arrives once, including those whose sending a crash
  // interrupted (sent again once the dead worker's lease ends); the rest of the queue is worked off (the stand-in
  // hears nothing for a while). Then a last crash, the checks once more, and nothing may be left unsent.
  /** The positions (from 1) in the stand-in's inbox of the confirmation mails to `email`. */
  const confirmationsTo = (email: string) =>
    smtp.received.flatMap((mail, index) =>
      mail.to.includes(email) && mail.raw.replace(/=\r?\n/g, "").includes("verify-email") ? [index + 1] : [],
    );
  const confirmations = (email: string) => confirmationsTo(email).length;
  const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? raw;
  const drainFrom = Date.now();
  let heard = { count: smtp.received.length, at: Date.now() };
  while (Date.now() < lastKill + MAIL_DRAIN_LIMIT_MS) {
    if (smtp.received.length !== heard.count) heard = { count: smtp.received.length, at: Date.now() };
    const quiet = Date.now() - heard.at >= MAIL_QUIET_MS;
    if (quiet && Date.now() >= lastKill + MAIL_LEASE_MS && signUps.acknowledged.every((email) => confirmations(email) >= 1)) break;
    await sleep(250);
  }
  console.log(
    `${label}: the outbox worked off in ${Math.round((Date.now() - drainFrom) / 1000)} s after the last restart; ${smtp.received.length} mails received`,
  );
  await (server as Server).kill();
  await checkCrashState("at the end", async (db) => {
    const unsent = await db.query<{ to: string; subject: string; attempts: number; last_error: string | null; due: boolean }>(
      `select "to", subject, attempts, last_error, next_attempt_at <= now() as due from mail_outbox where status <> 'sent' order by id`,
    );
    // Not a loss (nobody was told the mail was sent), but worth knowing: the account is stored before its mail is queued.
    const unmailed = await db.query(
      `select 1 from users u where u.email like $1 and not exists (select 1 from mail_outbox m where m."to" = u.email)`,
      [`faults.${kind}.%`],
    );
    if (unmailed.length > 0) console.log(`${label}: ${unmailed.length} account(s) a crash left without their confirmation e-mail`);
    // SMTP delivery is at least once: a process killed between the SMTP server's "OK" and the row marked sent
    // sends that message again once its lease ends, with the same Message-ID, which mail clients show once.
    // Two different messages for one sign-up are a fault; the same message again is counted.
    let resent = 0;
    for (const email of new Set(signUps.attempted)) {
      const copies = confirmationsTo(email);
      const distinct = new Set(copies.map((position) => messageIdOf(smtp.received[position - 1]?.raw ?? "")));
      resent += copies.length - distinct.size;
      if (distinct.size < 2) continue;
      const rows = await db.query<{ attempts: number; status: string }>(`select attempts, status::text from mail_outbox where "to" = $1`, [
        email,
      ]);
      fail(
        `${email} got ${distinct.size} different confirmation e-mails: mails #${copies.join(", #")} of ${smtp.received.length} received ` +
          `(the kills came after mail #${mailsAtKills.join(", #")}); its outbox row(s): ${rows.map((row) => `${row.status} after ${row.attempts} attempt(s)`).join("; ")}`,
      );
    }
    if (resent > 0) console.log(`${label}: ${resent} confirmation e-mail(s) sent again after a kill, with the same Message-ID`);
    const [first] = unsent;
    if (first) {
      fail(
        `${unsent.length} mail(s) never sent (${unsent.filter((row) => row.due).length} of them due), e.g. "${first.subject}" to ${first.to} ` +
          `after ${first.attempts} attempt(s)${first.last_error ? `: ${first.last_error}` : ""}`,
      );
    }
  });
  for (const email of signUps.acknowledged) {
    if (confirmations(email) === 0) ledger.lose(`sign-up of ${email}`, "no confirmation e-mail arrived");
  }

  /** Opens the database as the crash left it (a failure to open is one), runs every check, and `extra`. */
  async function checkCrashState(when: string, extra?: (db: SqlReader) => Promise<void>) {
    let db: SqlReader;
    let copy: string | undefined;
    try {
      if (scratch) db = await openPostgresReader(scratch.url);
      else {
        copy = mkdtempSync(path.join(os.tmpdir(), "onward-faults-copy-"));
        cpSync(path.join(dataDir, "db"), copy, { recursive: true });
        db = await openPgliteReader(copy);
      }
    } catch (error) {
      if (copy) rmSync(copy, { recursive: true, force: true });
      fail(`the database did not open ${when}: ${message(error)}`);
      return;
    }
    try {
      const context: CheckContext = { db, uploads };
      await ledger.verify(context);
      for (const problem of await missingFiles(context)) fail(`${when}: ${problem}`);
      await extra?.(db);
    } finally {
      await db.close();
      if (copy) rmSync(copy, { recursive: true, force: true });
    }
  }
}

/** A document row (acknowledged) with the sha256 sent, and the stored file with those bytes. */
function documentCheck(applicationId: string, field: string, expected: string) {
  return async ({ db, uploads }: CheckContext) => {
    const [row] = await db.query<{ sha256: string; storage_key: string }>(
      "select sha256, storage_key from application_documents where application_id = $1 and field = $2",
      [applicationId, field],
    );
    if (!row) return "no document row";
    if (row.sha256 !== expected) return `the row's sha256 is ${row.sha256}`;
    const stored = fileHash(path.join(uploads, row.storage_key));
    return stored === expected ? null : stored ? `the stored file's sha256 is ${stored}` : `its file ${row.storage_key} is missing`;
  };
}

/** The document downloaded through the API by its owner has the bytes sent. */
function downloadCheck(applicationId: string, field: string, expected: string, ownerToken: string) {
  return async (url: string) => {
    const response = await fetch(`${url}/api/v1/applications/${applicationId}/documents/${field}`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    if (!response.ok) return `its download answered ${response.status}`;
    const received = sha256(new Uint8Array(await response.arrayBuffer()));
    return received === expected ? null : `the download's sha256 is ${received}`;
  };
}

/** Rows that point at a stored file which is not there: documents, replaced copies, member photos. */
async function missingFiles({ db, uploads }: CheckContext): Promise<string[]> {
  const rows = await db.query<{ what: string; key: string }>(
    `select 'document ' || application_id || '/' || field as what, storage_key as key from application_documents
     union all select 'replaced copy of ' || application_id || '/' || field, storage_key from application_document_versions
     union all select 'photo of member ' || id, photo from networking_members`,
  );
  return rows
    .filter((row) => fileHash(path.join(uploads, row.key)) === null)
    .map((row) => `the ${row.what} points at a missing file ${row.key}`);
}

function fileHash(file: string): string | null {
  try {
    return sha256(readFileSync(file));
  } catch {
    return null;
  }
}

/** A one-page PDF of 10 to 200 kB (random padding after its end), so that each upload takes a moment and differs. */
function documentBytes(label: string): Uint8Array<ArrayBuffer> {
  const padding = randomBytes(Math.floor(between(7_500, 150_000))).toString("base64");
  return new Uint8Array(Buffer.from(`${onePagePdf(label)}%${padding}\n`));
}

function formOf(fields: Record<string, string>, photo?: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (photo) form.set("profile", photo);
  return form;
}

async function picture(background: string): Promise<File> {
  const png = await sharp({ create: { width: 80, height: 80, channels: 3, background } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "picture.png", { type: "image/png" });
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
