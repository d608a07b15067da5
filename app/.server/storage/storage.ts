import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getConfig } from "../config";

/**
 * Where uploaded files live, by object key (never a public URL). Local disk under
 * DATA_DIR/uploads for now; an S3-compatible implementation can take its place.
 */
export type FileStorage = {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
};

const safeKey = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function localDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!safeKey.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

let storage: FileStorage | undefined;

export function getStorage(): FileStorage {
  storage ??= localDiskStorage(path.join(getConfig().dataDir, "uploads"));
  return storage;
}
