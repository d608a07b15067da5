import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startS3Server } from "../../../tests/support/s3";
import { localDiskStorage } from "./local-disk";
import { s3Storage } from "./s3";
import type { FileStorage } from "./storage";

/** The same rules for every storage back end: local disk, and S3 through a real S3-compatible server (s3rver). */
type Backend = { name: string; open(): Promise<{ storage: FileStorage; close(): Promise<void> }> };

const backends: Backend[] = [
  {
    name: "local disk",
    async open() {
      const root = await mkdtemp(path.join(os.tmpdir(), "onward-storage-"));
      return { storage: localDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: "S3 (s3rver)",
    async open() {
      const server = await startS3Server();
      return { storage: s3Storage(server.config), close: server.stop };
    },
  },
];

async function text(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keys(storage: FileStorage, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of storage.list(prefix)) found.push(entry.key);
  return found.sort();
}

describe.each(backends)("$name", (backend) => {
  let storage: FileStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await backend.open());
  });
  afterAll(async () => {
    await close();
  });

  test("a Buffer put is read back whole and as a stream, with its size", async () => {
    const bytes = randomBytes(1000);
    await storage.put("photos/a/one.webp", bytes, { contentType: "image/webp" });
    expect((await storage.get("photos/a/one.webp"))?.equals(bytes)).toBe(true);
    const streamed = await storage.getStream("photos/a/one.webp");
    expect(streamed?.size).toBe(1000);
    expect((await text(streamed?.body as Readable)).equals(bytes)).toBe(true);
  });

  test("a stream put (larger than one S3 part) arrives byte for byte, and replaces what the key held", async () => {
    const chunks = Array.from({ length: 24 }, () => randomBytes(256 * 1024));
    await storage.put("applications/x/big.pdf", Buffer.from("old"));
    await storage.put("applications/x/big.pdf", Readable.from(chunks), { contentType: "application/pdf" });
    const stored = await storage.getStream("applications/x/big.pdf");
    expect(stored?.size).toBe(24 * 256 * 1024);
    expect((await text(stored?.body as Readable)).equals(Buffer.concat(chunks))).toBe(true);
    const web = new Blob([new Uint8Array(Buffer.from("from a web stream"))]).stream();
    await storage.put("applications/x/web.txt", web);
    expect((await storage.get("applications/x/web.txt"))?.toString()).toBe("from a web stream");
  });

  test("a stream that fails part-way leaves nothing under the key", async () => {
    async function* failing() {
      yield randomBytes(6 * 1024 * 1024);
      throw new Error("the client went away");
    }
    await expect(storage.put("applications/y/broken.pdf", Readable.from(failing()))).rejects.toThrow();
    expect(await storage.get("applications/y/broken.pdf")).toBeNull();
    expect(await keys(storage, "applications/y/")).toEqual([]);
  });

  test("missing keys read as null; delete is idempotent; list finds keys by prefix with their age", async () => {
    expect(await storage.get("applications/none/x.png")).toBeNull();
    expect(await storage.getStream("applications/none/x.png")).toBeNull();
    await storage.put("applications/z/1.png", Buffer.from("1"));
    await storage.put("applications/z/2.png", Buffer.from("2"));
    await storage.put("applications/zz/3.png", Buffer.from("3"));
    expect(await keys(storage, "applications/z/")).toEqual(["applications/z/1.png", "applications/z/2.png"]);
    for await (const entry of storage.list("applications/z/")) expect(Date.now() - entry.modifiedAt.getTime()).toBeLessThan(60_000);
    await storage.delete("applications/z/1.png");
    await storage.delete("applications/z/1.png");
    expect(await keys(storage, "applications/z/")).toEqual(["applications/z/2.png"]);
  });

  test("keys a client could steer are refused before anything is touched", async () => {
    for (const key of ["../outside", "a/../../b", "/absolute", "a//b", "spaces are bad", ""]) {
      await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
  });
});

test("on local disk a file is private to the server's user and never half-written under its name", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "onward-storage-"));
  try {
    const storage = localDiskStorage(root);
    await storage.put("applications/p/doc.pdf", Readable.from([Buffer.from("%PDF-1.4")]));
    expect((await stat(path.join(root, "applications/p/doc.pdf"))).mode & 0o777).toBe(0o600);
    // No temporary file is left beside it.
    expect(await readdir(path.join(root, "applications/p"))).toEqual(["doc.pdf"]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
