// npm run backup -- --out DIR
// Writes a restorable snapshot of this instance into DIR (absent or empty): the database (PGlite:
// its dump, taken holding DATA_DIR's lock, so the server must be stopped; PostgreSQL: pg_dump -Fc,
// while the servers run), every uploaded file (local disk or the S3 bucket), and manifest.json with
// each file's size and sha256, written last. Same environment as the server (DATA_DIR, DATABASE_URL, S3_*).
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { folderEntries, formatBytes, formatFiles, generatedSessionSecret, readBackupConfig } from "./lib/backup-config";
import { dumpPglite, dumpPostgres, PGLITE_DUMP, POSTGRES_DUMP } from "./lib/backup-database";
import { copyStoredFiles, storageFor } from "./lib/backup-files";
import { type BackupEntry, hashFile, writeManifest } from "./lib/backup-manifest";

const usage = "usage: npm run backup -- --out DIR   (DIR must not exist or be empty)";
const SESSION_SECRET_FILE = "session-secret";

function fail(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}

/** The --out folder, checked before any module that opens a database loads. */
function outFolder(): string {
  try {
    const { values, positionals } = parseArgs({ options: { out: { type: "string" } }, strict: true, allowPositionals: true });
    if (positionals.length > 0) fail(`unexpected argument ${positionals[0]}\n${usage}`);
    if (!values.out) fail(`--out DIR is required\n${usage}`);
    return path.resolve(values.out);
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
}

async function main() {
  const started = performance.now();
  const out = outFolder();
  const config = readBackupConfig();
  const existed = existsSync(out);
  const existing = await folderEntries(out);
  if (existing.length > 0) fail(`${out} is not empty (${existing.length} entries): choose a new folder, nothing was written`);
  await mkdir(out, { recursive: true, mode: 0o700 });
  try {
    const kind = config.databaseUrl ? "postgres" : "pglite";
    const dumpFile = kind === "postgres" ? POSTGRES_DUMP : PGLITE_DUMP;
    // The database first: files uploaded meanwhile are copied too, so every file the dump refers to is in the backup.
    const migration = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, path.join(out, dumpFile))
      : await dumpPglite(config.dataDir, path.join(out, dumpFile));
    const entries: BackupEntry[] = [{ path: dumpFile, ...(await hashFile(path.join(out, dumpFile))) }];
    const secret = await generatedSessionSecret(config.dataDir);
    if (secret !== null) {
      await writeFile(path.join(out, SESSION_SECRET_FILE), secret, { flag: "wx", mode: 0o600 });
      entries.push({ path: SESSION_SECRET_FILE, ...(await hashFile(path.join(out, SESSION_SECRET_FILE))) });
    }
    const { storage, kind: storageKind } = storageFor(config);
    const files = await copyStoredFiles(storage, out);
    entries.push(...files);
    await writeManifest(out, {
      createdAt: new Date().toISOString(),
      database: { kind, file: dumpFile, migration },
      sessionSecretFile: secret === null ? null : SESSION_SECRET_FILE,
      storage: storageKind,
      entries,
    });
    const fileBytes = files.reduce((sum, file) => sum + file.size, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up to ${out}: ${kind} database at migration ${migration.tag ?? "?"} (${formatBytes(entries[0]?.size ?? 0)}), ` +
        `${formatFiles(files.length, fileBytes)} in ${seconds} s.`,
    );
  } catch (error) {
    // No half-written backup is left to be mistaken for a whole one: the folder was empty before.
    if (existed) for (const name of await folderEntries(out)) await rm(path.join(out, name), { recursive: true, force: true });
    else await rm(out, { recursive: true, force: true });
    throw error;
  }
}

/** Refusals we expect: a bad environment, a database in use, unreachable or not ours, a failed pg_dump. */
const expectedFailures = new Set(["BackupRefusal", "ConfigError", "DataDirLockedError"]);

main().then(
  // The S3 client keeps sockets open: the work is done, so the process ends here.
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof Error && expectedFailures.has(error.name)) fail(error.message);
    fail(error instanceof Error ? `${error.message} (${error.name})` : String(error));
  },
);
