// npm run restore -- DIR
// Restores a backup made by `npm run backup` into an empty target: an empty or absent DATA_DIR
// (PGlite) or a PostgreSQL database without tables (DATABASE_URL), and an empty uploads folder or
// bucket. Every file's sha256 is checked against the manifest before anything is written; a
// non-empty target or a damaged backup is refused and nothing is overwritten. Start the server afterwards.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Config } from "~/.server/config";
import { folderEntries, formatFiles, generatedSessionSecret, readBackupConfig } from "./lib/backup-config";
import { firstPostgresTable, restorePglite, restorePostgres } from "./lib/backup-database";
import { putStoredFiles, storageFor, storedKeys } from "./lib/backup-files";
import { BackupRefusal, type Manifest, readManifest, verifyEntries } from "./lib/backup-manifest";

const usage = "usage: npm run restore -- DIR   (a folder written by npm run backup)";

function fail(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}

/** The backup folder, checked before any module that opens a database loads. */
function backupFolder(): string {
  try {
    const { positionals } = parseArgs({ options: {}, strict: true, allowPositionals: true });
    if (positionals.length !== 1) fail(`expected one backup folder\n${usage}`);
    return path.resolve(positionals[0] as string);
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
}

/** Refuses a target holding anything: a restore never merges into, or overwrites, live data. */
async function assertEmptyTarget(config: Config, manifest: Manifest): Promise<void> {
  const kind = config.databaseUrl ? "postgres" : "pglite";
  if (kind !== manifest.database.kind) {
    throw new BackupRefusal(
      `the backup holds a ${manifest.database.kind} database but the target is ${kind} (${kind === "postgres" ? "unset" : "set"} DATABASE_URL to restore it)`,
    );
  }
  if (config.databaseUrl) {
    const table = await firstPostgresTable(config.databaseUrl);
    if (table) throw new BackupRefusal(`the target database is not empty (it has the table ${table}): restore into a new database`);
  } else {
    const entries = await folderEntries(config.dataDir);
    if (entries.length > 0)
      throw new BackupRefusal(`DATA_DIR ${config.dataDir} is not empty (it holds ${entries[0]}): restore into a new folder`);
  }
  const { storage, where } = storageFor(config);
  for await (const key of storedKeys(storage))
    throw new BackupRefusal(`${where} is not empty (it holds ${key}): restore into an empty one`);
  if (manifest.sessionSecretFile !== null) {
    const current = await generatedSessionSecret(config.dataDir);
    if (current !== null)
      throw new BackupRefusal(`${path.join(config.dataDir, "session-secret")} exists already: remove it or restore elsewhere`);
  }
}

async function main() {
  const started = performance.now();
  const folder = backupFolder();
  const config = readBackupConfig();
  const manifest = await readManifest(folder);
  await assertEmptyTarget(config, manifest);
  await verifyEntries(folder, manifest.entries);

  const dumpFile = path.join(folder, manifest.database.file);
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, dumpFile);
  else await restorePglite(config.dataDir, dumpFile);
  if (manifest.sessionSecretFile !== null && !process.env.SESSION_SECRET) {
    const secret = await readFile(path.join(folder, manifest.sessionSecretFile));
    // On PostgreSQL nothing else may have made DATA_DIR yet.
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(path.join(config.dataDir, "session-secret"), secret, { flag: "wx", mode: 0o600 });
  }
  const { storage } = storageFor(config);
  await putStoredFiles(storage, folder, manifest.entries);

  const files = manifest.entries.filter((entry) => entry.path.startsWith("files/"));
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${folder} (made ${manifest.createdAt}): ${manifest.database.kind} database at migration ${manifest.database.migration.tag ?? "?"}, ` +
      `${formatFiles(files.length, bytes)} in ${seconds} s. Start the server as usual.`,
  );
}

/** Refusals we expect: a bad environment, a non-empty or unreachable target, a damaged backup, a failed pg_restore. */
const expectedFailures = new Set(["BackupRefusal", "ConfigError", "DataDirLockedError"]);

main().then(
  // The S3 client keeps sockets open: the work is done, so the process ends here.
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof Error && expectedFailures.has(error.name)) fail(error.message);
    fail(error instanceof Error ? `${error.message} (${error.name})` : String(error));
  },
);
