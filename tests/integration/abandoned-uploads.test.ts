import { readdir, readlink } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import type { TestUser } from "../support/accounts";
import { tinyPdf, tinyPng } from "../support/applications";
import { type ServerProcess, startServer } from "../support/server-process";
import { seedUsers, signInOverHttp } from "../support/server-users";
import { createServerEnvironment } from "../support/test-database";

// A student who closes the tab or loses mobile data half-way through a photo upload: the server
// must let go of everything that upload held (its turn at the image encoder, its file, its descriptors).
let server: ServerProcess;
let dataDir: string;
let cleanup: (() => Promise<void>) | undefined;
let cookie: string;
beforeAll(async () => {
  const environment = await createServerEnvironment();
  cleanup = environment.cleanup;
  dataDir = environment.env.DATA_DIR as string;
  const [student] = (await seedUsers(environment.env, ["student"])) as [TestUser];
  server = await startServer({ ...environment.env, LOG_LEVEL: "warn" });
  cookie = await signInOverHttp(server, student);
});
afterAll(async () => {
  await server?.stop();
  await cleanup?.();
});

/** A photo-sized PNG of noise (it does not compress): about 140 kB. */
function noisyPng(): Promise<Buffer> {
  const width = 220;
  const height = 210;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function multipartBody(field: string, fileName: string, bytes: Buffer) {
  const boundary = "----onward-abandoned-upload";
  const type = fileName.endsWith(".pdf") ? "application/pdf" : "image/png";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Starts an upload of `bytes` over a raw socket, sends its first `sendBytes` bytes, waits, then drops the connection. */
async function abandonUpload(field: string, fileName: string, bytes: Buffer, sendBytes: number) {
  const { body, contentType } = multipartBody(field, fileName, bytes);
  const socket = net.connect(server.port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.on("error", () => {});
  socket.write(
    `POST /apply/documents/${field} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, sendBytes));
  // Long enough for the server to recognise an image and start encoding it.
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.destroy();
}

async function uploadImage(bytes: Buffer, timeoutMs: number) {
  const form = new FormData();
  form.append("passportSizePicture", new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" }));
  const started = performance.now();
  const response = await fetch(`${server.url}/apply/documents/passportSizePicture`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: form,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, ms: performance.now() - started, body: (await response.json()) as { document?: unknown } };
}

async function openDescriptors(pid: number): Promise<string[]> {
  const folder = `/proc/${pid}/fd`;
  const names = await readdir(folder);
  const targets = await Promise.all(names.map((name) => readlink(path.join(folder, name)).catch(() => "")));
  return targets.filter(Boolean);
}

async function partialFiles(): Promise<string[]> {
  try {
    const entries = await readdir(path.join(dataDir, "uploads"), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile() && entry.name.includes(".partial")).map((entry) => entry.name);
  } catch {
    return [];
  }
}

test("two image uploads dropped half-way hold nothing: the next one answers at once, and no file or descriptor is left", async () => {
  const pid = server.child.pid as number;
  // One ordinary upload first, so every lazily opened file (sharp, the database) is open before counting.
  expect((await uploadImage(await tinyPng(), 10_000)).status).toBe(200);
  const descriptorsBefore = (await openDescriptors(pid)).filter((target) => !target.startsWith("socket:"));

  const photo = await noisyPng();
  expect(photo.length).toBeGreaterThan(100_000);
  // A statement (a PDF streams straight to its file) dropped at the same moment: its part file must go too.
  const statement = Buffer.concat([tinyPdf(), Buffer.alloc(140_000, 0x20)]);
  await Promise.all([
    abandonUpload("passport", "passport.png", photo, 20_000),
    abandonUpload("nid", "nid.png", photo, 20_000),
    abandonUpload("bankStatement", "statement.pdf", statement, 20_000),
  ]);

  // The health check never waits behind them.
  expect((await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(1_000) })).status).toBe(200);
  const next = await uploadImage(await tinyPng("#15803d"), 2_000);
  expect(next.status).toBe(200);
  expect(next.body.document).toBeDefined();

  // The server notices each dropped connection on its own time: wait until it has, for as long as a slow machine needs.
  await vi.waitFor(
    async () => {
      expect(await partialFiles()).toEqual([]);
      const descriptorsAfter = (await openDescriptors(pid)).filter((target) => !target.startsWith("socket:"));
      expect(descriptorsAfter.length).toBeLessThanOrEqual(descriptorsBefore.length);
      expect(descriptorsAfter.filter((target) => target.includes("/uploads/"))).toEqual([]);
    },
    { timeout: 15_000, interval: 100 },
  );
});
