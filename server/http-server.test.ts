import type http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { parseConfig } from "../app/.server/config";
import { logger } from "../app/.server/logger";
import { requestStorage } from "../app/.server/request-context";
import { type AppHandler, createHttpServer } from "./http-server";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** The production HTTP server around a stand-in app, with a body idle time-out short enough to wait for. */
async function startServer(handler: AppHandler, options: { bodyIdleTimeoutMs?: number } = {}) {
  const config = parseConfig({ DATA_DIR: "/tmp/onward-http-server-test", SESSION_SECRET: "x".repeat(32), PORT: "3000" });
  const server = createHttpServer({
    config,
    database: { ping: async () => {} },
    staticFiles: new Map(),
    handler,
    logger,
    requestContext: requestStorage,
    countRateLimit: async () => {},
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port };
}

/** An app that reads the whole body (after `delayMs`) and answers with its length; `outcome` says how the read ended. */
function countingApp(delayMs = 0) {
  const outcome: { read?: number; failed?: string } = {};
  const handler: AppHandler = async (request) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    try {
      outcome.read = (await request.arrayBuffer()).byteLength;
    } catch (error) {
      outcome.failed = String(error);
      return new Response("could not read", { status: 400 });
    }
    return new Response(`read ${outcome.read}`, { status: 200 });
  };
  return { handler, outcome };
}

/** Writes the request head and then whatever `send` writes; resolves with the status line and the answer's body. */
function rawPost(port: number, contentLength: number, send: (socket: net.Socket) => Promise<void>) {
  return new Promise<{ status: number; text: string; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      if (!status) reject(new Error(`no answer: ${JSON.stringify(answer.slice(0, 200))}`));
      else resolve({ status, text: answer.slice(answer.indexOf("\r\n\r\n") + 4), ms: performance.now() - started });
    });
    socket.once("connect", () => {
      socket.write(
        `POST /apply HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${contentLength}\r\nConnection: close\r\n\r\n`,
      );
      void send(socket).catch(() => {});
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a body that goes silent is cut off after the idle time-out with a 408, and the app's read of it fails", async () => {
  const app = countingApp();
  const { port } = await startServer(app.handler, { bodyIdleTimeoutMs: 300 });
  const answer = await rawPost(port, 1_000, async (socket) => {
    socket.write("a=".padEnd(100, "x"));
    // …and then nothing: a phone that lost its signal.
  });
  expect(answer.status).toBe(408);
  expect(answer.text).toContain("Nothing arrived for 30 seconds");
  expect(answer.ms).toBeLessThan(5_000);
  expect(app.outcome.failed).toBeDefined();
  expect(app.outcome.read).toBeUndefined();
});

test("a slow body is never cut off while bytes keep coming, however long it takes in all", async () => {
  const app = countingApp();
  const { server, port } = await startServer(app.handler, { bodyIdleTimeoutMs: 300 });
  // Node's own total limit (300 s by default) would cut off a long upload from a slow phone.
  expect(server.requestTimeout).toBe(0);
  const answer = await rawPost(port, 20, async (socket) => {
    for (let index = 0; index < 20; index++) {
      socket.write(index === 0 ? "a" : "=");
      await sleep(100);
    }
  });
  expect(answer.status).toBe(200);
  expect(answer.text).toBe("read 20");
});

test("a body the app holds back (paused while it works) is not the client's silence", async () => {
  // The app starts reading only after three idle periods; meanwhile the client is blocked by flow control.
  const app = countingApp(1_000);
  const { port } = await startServer(app.handler, { bodyIdleTimeoutMs: 300 });
  const size = 14 * 64 * 1024;
  const answer = await rawPost(port, size, async (socket) => {
    const chunk = Buffer.alloc(64 * 1024, "x");
    for (let sent = 0; sent < size; sent += chunk.length) {
      if (!socket.write(chunk)) await new Promise((resolve) => socket.once("drain", resolve));
    }
  });
  expect(answer.status).toBe(200);
  expect(answer.text).toBe(`read ${size}`);
});
