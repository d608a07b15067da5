import type http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { parseConfig } from "../app/.server/config";
import { logger } from "../app/.server/logger";
import { requestStorage } from "../app/.server/request-context";
import { getLocale } from "../app/lib/locale";
import { type AppHandler, createHttpServer } from "./http-server";
import { handlerPerLocale } from "./language";

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
async function startServer(handler: AppHandler, options: { bodyIdleTimeoutMs?: number; env?: Record<string, string> } = {}) {
  const config = parseConfig({ DATA_DIR: "/tmp/onward-http-server-test", SESSION_SECRET: "x".repeat(32), PORT: "3000", ...options.env });
  const server = createHttpServer({
    config,
    database: { ping: async () => {} },
    staticFiles: new Map(),
    handler,
    logger,
    requestContext: requestStorage,
    countRateLimit: async () => {},
    bodyIdleTimeoutMs: options.bodyIdleTimeoutMs,
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

/** An app that holds every request until `release()` is called, answering 200 "done" then. */
function heldApp() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler: AppHandler = async (request) => {
    if (request.body) await request.arrayBuffer();
    await released;
    return new Response("done");
  };
  return { handler, release };
}

test("past MAX_IN_FLIGHT requests being worked on, another is answered 503 with Retry-After at once, and let in again once one ends", async () => {
  const app = heldApp();
  const { port } = await startServer(app.handler, { env: { MAX_IN_FLIGHT: "4" } });
  const url = `http://127.0.0.1:${port}`;
  const held = Array.from({ length: 4 }, (_, index) => fetch(`${url}/page-${index}`));
  await sleep(100);
  const started = performance.now();
  const [page, api] = await Promise.all([fetch(`${url}/universities`), fetch(`${url}/api/v1/universities`)]);
  expect(performance.now() - started).toBeLessThan(1_000);
  expect(page.status).toBe(503);
  expect(page.headers.get("Retry-After")).toBe("2");
  expect(await page.text()).toContain("Onward is very busy right now. Please try again in a few seconds.");
  expect(api.status).toBe(503);
  expect(api.headers.get("Retry-After")).toBe("2");
  expect(await api.json()).toMatchObject({ status: "Error", error: { code: "UNAVAILABLE" } });
  // A post (someone's filled-in form) still comes in, up to twice the limit, then it too is turned away.
  const form = { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" };
  const posts = Array.from({ length: 4 }, () => fetch(`${url}/apply`, form));
  await sleep(100);
  const fifthPost = await fetch(`${url}/apply`, form);
  expect(fifthPost.status).toBe(503);
  app.release();
  expect((await Promise.all([...held, ...posts])).map((answer) => answer.status)).toEqual(Array(8).fill(200));
  expect((await fetch(`${url}/universities`)).status).toBe(200);
});

test("a client still sending its body holds no place: slow uploads cannot crowd others out", async () => {
  const { port } = await startServer(
    async (request) => new Response(request.body ? `read ${(await request.arrayBuffer()).byteLength}` : "page"),
    {
      env: { MAX_IN_FLIGHT: "4" },
    },
  );
  // Six posts that have sent 1 byte of 100 and then wait: more than MAX_IN_FLIGHT.
  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const slow = Array.from({ length: 6 }, () =>
    rawPost(port, 100, async (socket) => {
      socket.write("a");
      await finished;
      socket.write("=".padEnd(99, "x"));
    }),
  );
  await sleep(200);
  const page = await fetch(`http://127.0.0.1:${port}/universities`);
  expect(page.status).toBe(200);
  finish();
  expect((await Promise.all(slow)).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
});

test("a 500 that the app marked as the database being unreachable is answered 503 with Retry-After; other 500s stay 500", async () => {
  const { port } = await startServer(async (request, context) => {
    if (new URL(request.url).pathname === "/down") context.databaseUnavailable = true;
    return new Response("Something went wrong", { status: 500 });
  });
  const down = await fetch(`http://127.0.0.1:${port}/down`);
  expect(down.status).toBe(503);
  expect(down.headers.get("Retry-After")).toBe("10");
  expect(await down.text()).toBe("Something went wrong");
  const fault = await fetch(`http://127.0.0.1:${port}/fault`);
  expect(fault.status).toBe(500);
  expect(fault.headers.get("Retry-After")).toBeNull();
});

test("a path holding a control character or a line separator is a 404 before the app, in the API's envelope under /api/v1/", async () => {
  const { port } = await startServer(async () => new Response("the app"));
  const url = `http://127.0.0.1:${port}`;
  const api = await fetch(`${url}/api/v1/applications/x/documents/%E2%80%A8/versions/1`);
  expect(api.status).toBe(404);
  expect(await api.json()).toMatchObject({ status: "Error", error: { code: "NOT_FOUND" } });
  for (const path of ["/university/a%E2%80%A9b", "/university/a%00b", "/university/%C2%85"]) {
    const page = await fetch(`${url}${path}`);
    expect([path, page.status, await page.text()]).toEqual([path, 404, "There is no such page."]);
  }
  expect(await (await fetch(`${url}/university/a%E2%80%A6b`)).text()).toBe("the app");
});

/** A stand-in app per language that answers with the language it was given and the one its messages would use. */
const languageApps = handlerPerLocale({
  en: async () => new Response(`en handler, messages in ${getLocale()}`),
  bn: async () => new Response(`bn handler, messages in ${getLocale()}`),
});

test("a first visit to / goes to the Bangla home page when Accept-Language prefers Bangla, and / varies on the language", async () => {
  const { port } = await startServer(languageApps);
  const home = (headers: Record<string, string>, path = "/") => fetch(`http://127.0.0.1:${port}${path}`, { headers, redirect: "manual" });

  const bangla = await home({ "Accept-Language": "bn-BD,bn;q=0.9,en;q=0.8" });
  expect(bangla.status).toBe(302);
  expect(bangla.headers.get("location")).toBe("/bn");
  expect(bangla.headers.get("vary")).toContain("Accept-Language");
  expect((await home({ "Accept-Language": "bn" }, "/?utm_source=sms")).headers.get("location")).toBe("/bn?utm_source=sms");

  const english = await home({ "Accept-Language": "en-GB,en;q=0.9,bn;q=0.8" });
  expect(english.status).toBe(200);
  expect(await english.text()).toBe("en handler, messages in en");
  expect(english.headers.get("vary")).toContain("Accept-Language");

  // A choice made with the language switch wins over the header, both ways.
  expect((await home({ "Accept-Language": "bn-BD", Cookie: "lang=en" })).status).toBe(200);
  expect((await home({ "Accept-Language": "en", Cookie: "other=1; lang=bn" })).headers.get("location")).toBe("/bn");
  // Only `/` is sent anywhere: every other page's language is its address.
  expect((await home({ "Accept-Language": "bn" }, "/about")).status).toBe(200);
});

test("a malformed Accept-Language header or language cookie falls back to English, never an error", async () => {
  const { port } = await startServer(languageApps);
  const malformed: Record<string, string>[] = [
    { "Accept-Language": "bn;q=abc" },
    { "Accept-Language": "bn;q=0" },
    { "Accept-Language": ";;;,,, ;q=1" },
    { "Accept-Language": `bn;q=0.5,${"x".repeat(2_000)}` },
    { "Accept-Language": "*" },
    { Cookie: "lang=fr" },
    { Cookie: "lang=%E0%A6" },
  ];
  for (const headers of malformed) {
    const answer = await fetch(`http://127.0.0.1:${port}/`, { headers, redirect: "manual" });
    expect(answer.status, JSON.stringify(headers)).toBe(200);
    expect(await answer.text()).toBe("en handler, messages in en");
  }
});

test("each language's addresses reach that language's handler, and its messages are in that language", async () => {
  const { port } = await startServer(languageApps);
  const body = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual" })).text();
  expect(await body("/bn")).toBe("bn handler, messages in bn");
  expect(await body("/bn/countries/usa")).toBe("bn handler, messages in bn");
  expect(await body("/bn.data")).toBe("bn handler, messages in bn");
  expect(await body("/about")).toBe("en handler, messages in en");
  // Not a language prefix: the English routes answer (and find no such page).
  expect(await body("/bnx")).toBe("en handler, messages in en");
  expect(await body("/fr/about")).toBe("en handler, messages in en");
});

test("an answer whose headers cannot be changed (Response.redirect's) is sent as it is, not a 500", async () => {
  const { port } = await startServer(async () => Response.redirect("http://127.0.0.1/elsewhere", 303));
  const answer = await fetch(`http://127.0.0.1:${port}/anywhere`, { redirect: "manual" });
  expect(answer.status).toBe(303);
  expect(answer.headers.get("location")).toBe("http://127.0.0.1/elsewhere");
});
