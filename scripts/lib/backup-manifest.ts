import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertSafeKey } from "~/.server/storage/keys";

/** Raised for a refusal the operator can act on: the scripts print its message as their one line. */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefusal";
  }
}

export const MANIFEST_FILE = "manifest.json";
const FORMAT = "onward-backup";
const VERSION = 1;

/** One file of a backup, by its path inside the backup folder. */
export type BackupEntry = { path: string; size: number; sha256: string };

/** The latest drizzle migration the backed-up database had applied. */
export type MigrationLevel = { tag: string | null; appliedAt: string; count: number };

export type Manifest = {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  database: { kind: "pglite" | "postgres"; file: string; migration: MigrationLevel };
  /** DATA_DIR/session-secret when the server generated its own: better-auth's encrypted fields (two-factor secrets) need it. */
  sessionSecretFile: string | null;
  storage: "local" | "s3";
  entries: BackupEntry[];
};

/** Where a stored object's copy lives inside the backup folder. */
export const storedFilePath = (key: string) => `files/${key}`;

/** The sha256 and size of a file, read as a stream so large documents never sit in memory. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
  }
  return { size, sha256: hash.digest("hex") };
}

/** Written last, so a backup that stopped half-way has no manifest and cannot be restored. */
export async function writeManifest(folder: string, manifest: Omit<Manifest, "format" | "version">): Promise<void> {
  const complete: Manifest = { format: FORMAT, version: VERSION, ...manifest };
  await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(complete, null, 2)}\n`, { flag: "wx", mode: 0o600 });
}

/** Reads a backup's manifest, refusing one that is missing, of another format, or names a path outside the folder. */
export async function readManifest(folder: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), "utf8"));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "not found (an unfinished backup?)" : "unreadable";
    throw new BackupRefusal(`${path.join(folder, MANIFEST_FILE)} ${reason}`);
  }
  if (manifest?.format !== FORMAT || manifest.version !== VERSION || !Array.isArray(manifest.entries)) {
    throw new BackupRefusal(`${path.join(folder, MANIFEST_FILE)} is not an Onward backup manifest (format ${FORMAT}, version ${VERSION})`);
  }
  for (const entry of manifest.entries) assertInsideBackup(entry.path);
  for (const named of [manifest.database.file, manifest.sessionSecretFile]) {
    if (named !== null && !manifest.entries.some((entry) => entry.path === named)) {
      throw new BackupRefusal(`the manifest names ${named} without its checksum`);
    }
  }
  return manifest;
}

/** A manifest is input: its paths may only name the database dump, the secret, or a stored object's copy. */
function assertInsideBackup(entryPath: string) {
  if (typeof entryPath !== "string") throw new BackupRefusal("the manifest lists an entry without a path");
  if (entryPath.startsWith("files/")) {
    try {
      assertSafeKey(entryPath.slice("files/".length));
      return;
    } catch {
      // Falls through to the refusal below.
    }
  } else if (/^[a-z0-9][a-z0-9.-]*$/.test(entryPath)) {
    return;
  }
  throw new BackupRefusal(`the manifest lists an unsafe path: ${entryPath}`);
}

/** Checks every file against the manifest before anything is written: the first mismatch refuses, naming the file. */
export async function verifyEntries(folder: string, entries: BackupEntry[]): Promise<void> {
  for (const entry of entries) {
    let actual: { size: number; sha256: string };
    try {
      actual = await hashFile(path.join(folder, entry.path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new BackupRefusal(`${entry.path} is missing from the backup`);
      throw error;
    }
    if (actual.sha256 !== entry.sha256 || actual.size !== entry.size) {
      throw new BackupRefusal(`${entry.path} does not match its sha256 in the manifest: the backup is damaged, nothing was restored`);
    }
  }
}
