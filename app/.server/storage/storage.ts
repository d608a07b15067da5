import path from "node:path";
import type { Readable } from "node:stream";
import { getConfig } from "../config";
import { localDiskStorage } from "./local-disk";
import { s3Storage } from "./s3";

export { assertSafeKey, PARTIAL_MARKER } from "./keys";

/** What `put` takes: bytes already in memory (a re-encoded photo), or a stream (an uploaded document). */
export type StorageBody = Buffer | Uint8Array | Readable | ReadableStream<Uint8Array>;

/** One stored object as a listing shows it. */
export type StoredEntry = { key: string; modifiedAt: Date };

/**
 * Where uploaded files live, by object key (never a public URL): local disk under
 * DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set (ADR 022). Keys are made by
 * the server. A `put` is all or nothing: a reader never sees half a file, and a failed or
 * interrupted write leaves at most a temporary object that the sweeper removes.
 */
export type FileStorage = {
  put(key: string, body: StorageBody, options?: { contentType?: string }): Promise<void>;
  /** The whole object in memory, for small files (photos, logos); null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size, for files of any size (documents); null when nothing is stored under the key. */
  getStream(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, temporary ones included (the sweeper's view). */
  list(prefix: string): AsyncIterable<StoredEntry>;
};

let storage: FileStorage | undefined;

export function getStorage(): FileStorage {
  if (!storage) {
    const config = getConfig();
    storage = config.s3 ? s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, "uploads"));
  }
  return storage;
}

/** For tests that run the same code against another back end (the storage contract suite, S3). */
export function setStorage(next: FileStorage | undefined): void {
  storage = next;
}
