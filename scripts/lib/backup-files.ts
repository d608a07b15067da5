import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "~/.server/config";
import { localDiskStorage } from "~/.server/storage/local-disk";
import { s3Storage } from "~/.server/storage/s3";
import { type FileStorage, PARTIAL_MARKER } from "~/.server/storage/storage";
import { type BackupEntry, storedFilePath } from "./backup-manifest";

/** The server's storage for this configuration, built from the given config rather than getConfig (see readBackupConfig). */
export function storageFor(config: Config): { storage: FileStorage; kind: "local" | "s3"; where: string } {
  if (config.s3) return { storage: s3Storage(config.s3), kind: "s3", where: `the bucket ${config.s3.bucket}` };
  const uploads = path.join(config.dataDir, "uploads");
  return { storage: localDiskStorage(uploads), kind: "local", where: uploads };
}

/** Every finished object's key: a temporary twin being written (or left by a crash) is no stored file. */
export async function* storedKeys(storage: FileStorage): AsyncIterable<string> {
  for await (const entry of storage.list("")) {
    if (!entry.key.includes(PARTIAL_MARKER)) yield entry.key;
  }
}

/** Copies every stored object into `folder/files/`, hashing as it streams; an object deleted meanwhile is skipped. */
export async function copyStoredFiles(storage: FileStorage, folder: string): Promise<BackupEntry[]> {
  const entries: BackupEntry[] = [];
  for await (const key of storedKeys(storage)) {
    const object = await storage.getStream(key);
    if (!object) continue;
    const relative = storedFilePath(key);
    const target = path.join(folder, relative);
    await mkdir(path.dirname(target), { recursive: true });
    const hash = createHash("sha256");
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.byteLength;
        done(null, chunk);
      },
    });
    await pipeline(object.body, measure, createWriteStream(target, { flags: "wx", mode: 0o600 }));
    entries.push({ path: relative, size, sha256: hash.digest("hex") });
  }
  return entries;
}

/** Puts every backed-up object back under its key, streamed (documents may be large). */
export async function putStoredFiles(storage: FileStorage, folder: string, entries: BackupEntry[]): Promise<void> {
  for (const entry of entries) {
    if (!entry.path.startsWith("files/")) continue;
    await storage.put(entry.path.slice("files/".length), createReadStream(path.join(folder, entry.path)));
  }
}
