import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Config, parseConfig } from "~/.server/config";

/**
 * The server's configuration from the environment, without getConfig's side effect: with no
 * SESSION_SECRET, getConfig writes a new DATA_DIR/session-secret, which would make an empty restore
 * target non-empty (and create a DATA_DIR a mistyped backup path never had). Neither script uses the secret.
 */
export function readBackupConfig(): Config {
  return parseConfig({ ...process.env, SESSION_SECRET: process.env.SESSION_SECRET || "unused-by-backup-and-restore-scripts-0000" });
}

/** The server's generated secret, when it made one (SESSION_SECRET unset); null otherwise. */
export async function generatedSessionSecret(dataDir: string): Promise<string | null> {
  if (process.env.SESSION_SECRET) return null;
  try {
    return await readFile(path.join(dataDir, "session-secret"), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The names in a folder; none when it does not exist. */
export async function folderEntries(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** A file count and its byte count for a person: "1 file (6 B)", "12 files (1.2 MB)". */
export function formatFiles(count: number, bytes: number): string {
  return `${count} ${count === 1 ? "file" : "files"} (${formatBytes(bytes)})`;
}

/** A byte count for a person: 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
