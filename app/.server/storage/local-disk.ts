import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertSafeKey, PARTIAL_MARKER } from "./keys";
import type { FileStorage, StorageBody, StoredEntry } from "./storage";

/**
 * Files on local disk under `root` (DATA_DIR/uploads), readable by the server's user only. Each
 * `put` writes to a temporary name beside the file, flushes it to disk (fsync), renames it into
 * place and flushes the folder, so a crash leaves either the old state or the whole new file.
 */
export function localDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      const folder = path.dirname(file);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const partial = `${file}${PARTIAL_MARKER}${randomBytes(6).toString("hex")}`;
      const handle = await open(partial, "wx", 0o600);
      try {
        // Chunks are written about a megabyte at a time (one writev), not one system call per 64 kB.
        let pending: Uint8Array[] = [];
        let pendingBytes = 0;
        for await (const chunk of chunksOf(body)) {
          pending.push(chunk);
          pendingBytes += chunk.byteLength;
          if (pendingBytes < WRITE_BATCH_BYTES) continue;
          await handle.writev(pending);
          pending = [];
          pendingBytes = 0;
        }
        if (pending.length > 0) await handle.writev(pending);
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(partial, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await syncFolder(folder);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async getStream(key) {
      const file = resolve(key);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *list(prefix) {
      yield* walk(root, prefix);
    },
  };
}

const WRITE_BATCH_BYTES = 1024 * 1024;

/** The body as chunks, whatever form it came in. */
async function* chunksOf(body: StorageBody): AsyncIterable<Uint8Array> {
  if (body instanceof Uint8Array) {
    yield body;
    return;
  }
  const stream = body instanceof Readable ? body : Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  for await (const chunk of stream) yield typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Uint8Array);
}

/** A rename is durable only once its folder is flushed too. */
async function syncFolder(folder: string) {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } catch {
    // Some file systems do not flush folders (EINVAL); the file itself is flushed already.
  } finally {
    await handle.close();
  }
}

async function* walk(root: string, prefix: string): AsyncIterable<StoredEntry> {
  // Start from the deepest folder the prefix names, then keep the keys that start with it.
  const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
  const start = path.join(root, folder);
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(start, { withFileTypes: true, recursive: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file).split(path.sep).join("/");
    if (!key.startsWith(prefix)) continue;
    try {
      yield { key, modifiedAt: (await stat(file)).mtime };
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}

function isMissing(error: unknown) {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}
