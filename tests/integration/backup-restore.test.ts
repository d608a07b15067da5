import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test, vi } from "vitest";
import { bookSlot } from "~/.server/bookings/book-slot";
import type { S3Config } from "~/.server/config";
import { db } from "~/.server/db";
import { addMember } from "~/.server/networking/add-member";
import { localDiskStorage } from "~/.server/storage/local-disk";
import { s3Storage } from "~/.server/storage/s3";
import { type FileStorage, PARTIAL_MARKER, setStorage } from "~/.server/storage/storage";
import { createUser, type TestUser } from "../support/accounts";
import { adminQuery } from "../support/admin-query";
import { createSubmittedApplication, tinyPdf } from "../support/applications";
import { bookingContact, createConsultant, createSlot } from "../support/booking";
import { bundleScripts, runScript } from "../support/bundled-scripts";
import { memberChoices, memberFields, memberPhoto, sessionOf } from "../support/members";
import { startS3Server } from "../support/s3";
import { startServer, tempDir } from "../support/server-process";
import { onServerDatabase, signInOverHttp } from "../support/server-users";
import { createServerEnvironment, databaseKind } from "../support/test-database";

// Each script run starts Node and opens (or loads) a database: slow on two cores.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

type Environment = { env: Record<string, string>; cleanup: () => Promise<void> };

/** Backups and restore targets hold whole databases: every folder this file makes is removed after it. */
const scratchFolders: string[] = [];
async function scratchDir(prefix: string): Promise<string> {
  const folder = await tempDir(prefix);
  scratchFolders.push(folder);
  return folder;
}
afterAll(async () => {
  for (const folder of scratchFolders) await rm(folder, { recursive: true, force: true });
});

/**
 * The scripts bundled once for this file (tests/support/bundled-scripts.ts): each later run starts in a second or two
 * where tsx took ten. The first backup runs through tsx, as `npm run backup` does; the bundles are the same code.
 */
let bundles: Awaited<ReturnType<typeof bundleScripts>> | undefined;
beforeAll(async () => {
  bundles = await bundleScripts(["scripts/backup.ts", "scripts/restore.ts"]);
});
afterAll(async () => {
  await bundles?.remove();
});

/** Runs `npm run backup` / `npm run restore` (from its bundle unless told to go through tsx). */
function operatorRun(script: "backup" | "restore", args: string[], env: Record<string, string>, { through = "bundle" } = {}) {
  if (!bundles) throw new Error("The scripts were not bundled");
  return runScript(`scripts/${script}.ts`, args, env, { bundles: through === "tsx" ? undefined : bundles.scripts });
}

/** A target nothing was restored into yet: a new DATA_DIR, and on PostgreSQL a new database with no tables. */
async function emptyTarget(source: Record<string, string>): Promise<Environment> {
  const dataDir = await scratchDir("onward-restore-");
  const template = inject("databaseTemplate");
  if (template.kind === "pglite") return { env: { DATA_DIR: dataDir }, cleanup: async () => {} };
  const name = `onward_restore_${randomBytes(6).toString("hex")}`;
  await adminQuery(template.url, `create database ${name}`);
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return {
    // The source's secret: better-auth's encrypted fields must stay readable on the restored instance.
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SESSION_SECRET: source.SESSION_SECRET ?? "" },
    cleanup: () => adminQuery(template.url, `drop database if exists ${name} with (force)`),
  };
}

/** The instance's files on local disk, as the server stores them. */
const uploadsOf = (env: Record<string, string>) => localDiskStorage(path.join(env.DATA_DIR ?? "", "uploads"));

/** Runs `work` with the domain's storage pointed at `storage` (the test process's own is shared with other files). */
async function withStorage<T>(storage: FileStorage, work: () => Promise<T>): Promise<T> {
  setStorage(storage);
  try {
    return await work();
  } finally {
    setStorage(undefined);
  }
}

/** Someone of every role, a consultant with a picture, a free and a booked slot, a submitted application with documents, and a member with a photo. */
async function seedInstance(env: Record<string, string>, storage = uploadsOf(env)): Promise<{ student: TestUser }> {
  return withStorage(storage, () =>
    onServerDatabase(env, async () => {
      const [student, manager] = [
        await createUser({ role: "student", verified: true }),
        await createUser({ role: "manager", verified: true }),
      ];
      for (const role of ["networking", "admin"] as const) await createUser({ role, verified: true });
      const consultant = await createConsultant({ manager });
      await createSlot(consultant);
      const booked = await createSlot(consultant);
      await bookSlot({
        student: await sessionOf(student),
        consultantId: consultant.consultant.id,
        fields: { slot: booked.id, ...bookingContact(student) },
      });
      await createSubmittedApplication(await sessionOf(student));
      await addMember({ actor: await sessionOf(manager), fields: memberFields(), photo: await memberPhoto(), choices: memberChoices });
      return { student };
    }),
  );
}

/** The rows a statement returns: PGlite and node-postgres both answer `{ rows }`. */
async function rowsOf<T = Record<string, unknown>>(statement: string): Promise<T[]> {
  return ((await db().execute(sql.raw(statement))) as { rows: T[] }).rows;
}

/** Every row of every table outside the system schemas, each table ordered by its primary key (or by the whole row without one). */
async function everyRow(env: Record<string, string>): Promise<Record<string, unknown[]>> {
  return onServerDatabase(env, async () => {
    const tables = await rowsOf<{ name: string; key: string | null }>(`
        select c.oid::regclass::text as name,
          (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_index i
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = c.oid and i.indisprimary) as key
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
        order by 1`);
    const rows: Record<string, unknown[]> = {};
    for (const table of tables) {
      rows[table.name] = JSON.parse(JSON.stringify(await rowsOf(`select * from ${table.name} t order by ${table.key ?? "t::text"}`)));
    }
    return rows;
  });
}

/** Every stored file's sha256 by key, temporary twins left out. */
async function everyFile(storage: FileStorage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const { key } of storage.list("")) {
    if (key.includes(PARTIAL_MARKER)) continue;
    files[key] = createHash("sha256")
      .update((await storage.get(key)) ?? Buffer.alloc(0))
      .digest("hex");
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

/** Whether a restore target is still untouched: no files in DATA_DIR, and on PostgreSQL no tables. */
async function isUntouched(target: Record<string, string>): Promise<boolean> {
  if ((await readdir(target.DATA_DIR ?? "")).length > 0) return false;
  if (!target.DATABASE_URL) return true;
  const tables = await onServerDatabase(target, () =>
    rowsOf("select 1 from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')"),
  );
  return tables.length === 0;
}

describe("a seeded instance's backup", () => {
  let source: Environment;
  let student: TestUser;
  let backup: string;
  let sourceRows: Record<string, unknown[]>;
  let sourceFiles: Record<string, string>;
  const targets: Environment[] = [];
  const newTarget = async () => {
    const target = await emptyTarget(source.env);
    targets.push(target);
    return target.env;
  };

  beforeAll(async () => {
    source = await createServerEnvironment();
    ({ student } = await seedInstance(source.env));
    backup = path.join(await scratchDir("onward-backup-"), "snapshot");
    const made = await operatorRun("backup", ["--out", backup], source.env, { through: "tsx" });
    expect(made.output).toMatch(/^Backed up to .+ database at migration \d{4}_\w+ .+, \d+ files .+ in [\d.]+ s\.$/m);
    expect(made.code).toBe(0);
    sourceRows = await everyRow(source.env);
    sourceFiles = await everyFile(uploadsOf(source.env));
  });

  afterAll(async () => {
    for (const target of targets) await target.cleanup();
    await source?.cleanup();
  });

  test("restores into an empty target with every row and every file equal, and the restored server starts and signs people in", async () => {
    expect(sourceRows.users?.length).toBeGreaterThanOrEqual(5);
    for (const table of ["applications", "application_documents", "bookings", "networking_members", "drizzle.__drizzle_migrations"]) {
      expect(sourceRows[table]?.length, table).toBeGreaterThan(0);
    }
    // The consultant's picture, the member's photo and the application's documents.
    expect(Object.keys(sourceFiles).length).toBeGreaterThanOrEqual(3);

    const target = await newTarget();
    const restored = await operatorRun("restore", [backup], target);
    expect(restored.output).toMatch(/^Restored .+ database at migration \d{4}_\w+, \d+ files .+ in [\d.]+ s\./m);
    expect(restored.code).toBe(0);
    expect(await everyRow(target)).toEqual(sourceRows);
    expect(await everyFile(uploadsOf(target))).toEqual(sourceFiles);

    // The restored instance starts as usual (its migrations are already applied) and its people sign in.
    const server = await startServer({ ...target, LOG_LEVEL: "warn", INSTANCES: "1" });
    try {
      expect(await signInOverHttp(server, student)).toContain("session_token=");
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  test("a restore into a target that holds data is refused and changes nothing", async () => {
    const refused = await operatorRun("restore", [backup], source.env);
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toMatch(/^restore: .*not empty.*$/);
    expect(await everyRow(source.env)).toEqual(sourceRows);
    expect(await everyFile(uploadsOf(source.env))).toEqual(sourceFiles);
  });

  test("a backup whose manifest sum does not match a file is refused, naming the file, and nothing is written", async () => {
    const damaged = path.join(await scratchDir("onward-backup-"), "damaged");
    await cp(backup, damaged, { recursive: true });
    const manifestFile = path.join(damaged, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as { entries: { path: string; sha256: string }[] };
    const document = manifest.entries.findLast((entry) => entry.path.startsWith("files/"));
    if (!document) throw new Error("the backup has no stored files");
    // The file changed after the backup (a damaged disk, a careless edit): its sum no longer matches.
    await writeFile(path.join(damaged, document.path), tinyPdf("tampered"));
    const target = await newTarget();
    const refused = await operatorRun("restore", [damaged], target);
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toBe(
      `restore: ${document.path} does not match its sha256 in the manifest: the backup is damaged, nothing was restored`,
    );
    expect(await isUntouched(target)).toBe(true);
  });

  test.runIf(databaseKind() === "pglite")("a backup of an embedded database whose server runs is refused, naming the process", async () => {
    const server = await startServer({ ...source.env, LOG_LEVEL: "warn" });
    try {
      const out = path.join(await scratchDir("onward-backup-"), "while-running");
      const refused = await operatorRun("backup", ["--out", out], source.env);
      expect(refused.code).toBe(1);
      expect(refused.output.trim()).toMatch(/^backup: The embedded database in .+ is in use by process \d+ .*Stop that process first/);
      // The folder it made for the backup is gone again: nothing is left that could pass for a backup.
      expect(existsSync(out)).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

/** The S3 variables the server would be given for a bucket. */
function s3Env(config: S3Config): Record<string, string> {
  return {
    S3_BUCKET: config.bucket,
    S3_ENDPOINT: config.endpoint ?? "",
    S3_REGION: config.region,
    S3_ACCESS_KEY_ID: config.accessKeyId,
    S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}

test("files kept in an S3 bucket are backed up and restored into an empty bucket", async () => {
  const [from, to] = [await startS3Server("onward-source"), await startS3Server("onward-target")];
  const source = await createServerEnvironment();
  let target: Environment | undefined;
  try {
    const bucket = s3Storage(from.config);
    await seedInstance(source.env, bucket);
    const sourceFiles = await everyFile(bucket);
    expect(Object.keys(sourceFiles).length).toBeGreaterThanOrEqual(3);
    const backup = path.join(await scratchDir("onward-backup-"), "s3");
    const made = await operatorRun("backup", ["--out", backup], { ...source.env, ...s3Env(from.config) });
    expect(made.code, made.output).toBe(0);

    target = await emptyTarget(source.env);
    // The source bucket is not empty: refused before anything is written.
    const refused = await operatorRun("restore", [backup], { ...target.env, ...s3Env(from.config) });
    // Node 20 only: the AWS SDK warns first that its 2027 releases need Node 22 (a process warning, not ours).
    expect(refused.output.trim().split("\n").at(-1)).toMatch(
      /^restore: the bucket onward-source is not empty \(it holds \S+\): restore into an empty one$/,
    );
    expect(refused.code).toBe(1);
    expect(await isUntouched(target.env)).toBe(true);

    const restored = await operatorRun("restore", [backup], { ...target.env, ...s3Env(to.config) });
    expect(restored.code, restored.output).toBe(0);
    expect(await everyFile(s3Storage(to.config))).toEqual(sourceFiles);
    expect(await everyRow(target.env)).toEqual(await everyRow(source.env));
  } finally {
    await target?.cleanup();
    await source.cleanup();
    await from.stop();
    await to.stop();
  }
});
