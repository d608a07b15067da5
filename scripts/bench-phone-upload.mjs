// `npm run bench:phone-upload`: a student applies from a phone on a thin mobile link. Chromium,
// with the link emulated (750 kbit/s up, 1.6 Mbit/s down, 150 ms latency), fills /apply and chooses
// 15 photo-like JPEGs (4000×3000, about 3.5 MB each, scripts/lib/phone-photos.mjs) one after another,
// as fast as a person taps; the page queues them. The clock runs from the first file chosen until
// the application page after "Submit application". A TCP proxy in front of the production server
// counts the bytes the browser sent (MB here are 1,000,000 bytes, as link rates count) and each
// POST /apply/documents/{field} with the bytes it carried, and cuts the connection once, half-way
// through the 8th document: documents 1–7 must not be sent again, the 8th must be retried. The link
// is proven throttled when the time is at least the bytes sent at 750 kbit/s.
// Two runs, each with a fresh context and student: "before", the browser unable to decode images
// (no createImageBitmap), so the page sends the originals; and "after", the page downscaling them.
// PHONE_UPLOAD_SKIP_BEFORE=1 runs only "after" (the originals take about 10 minutes). The "after"
// run also measures what a resumable upload would have saved (the 8th document's bytes before the
// cut) and what it would cost (a round trip per document). Target: the whole application in under
// 3 minutes; exit code 1 when it is missed, the link was not throttled, or a document was re-sent.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { documentFields as fields } from "./lib/document-fields.mjs";
import { phonePhotos } from "./lib/phone-photos.mjs";
import { freePort, median, seedAccounts, startProductionServer } from "./lib/production-server.mjs";

const UPLOAD_BITS_PER_SECOND = 750_000;
const DOWNLOAD_BITS_PER_SECOND = 1_600_000;
const LATENCY_MS = 150;
const TARGET_SECONDS = 180;
const MB = 1_000_000;
/** The cut comes half-way through this document (the 8th) on its first attempt. */
const CUT_INDEX = 7;
/** No byte through the proxy for this long, with documents still missing, ends the run as stuck. */
const STUCK_MS = 90_000;
const runs = [
  { name: "before", downscale: false, timeoutMs: 25 * 60_000 },
  { name: "after", downscale: true, timeoutMs: 10 * 60_000 },
].filter((run) => run.name !== "before" || process.env.PHONE_UPLOAD_SKIP_BEFORE !== "1");
const students = runs.map((run) => ({
  email: `phone.applicant.${run.name}@onward.test`,
  password: `a long phone bench passphrase ${run.name}`,
  name: `Phone Applicant ${run.name}`,
  role: "student",
}));

const megabytes = (bytes) => (bytes / MB).toFixed(1);
/** The fewest seconds `bytes` can take on the emulated uplink. */
const floorSeconds = (bytes) => (bytes * 8) / UPLOAD_BITS_PER_SECOND;

/**
 * A TCP proxy on `port` to the server on `targetPort`. It follows the requests on each connection
 * (keep-alive carries several; Content-Length says where a body ends) and records, per
 * POST /apply/documents/{field}, each attempt and the body bytes it carried. `beginRun(field)`
 * clears the records and arms one cut: when `field`'s first attempt has had half its body
 * forwarded, both sockets of its connection are destroyed (the browser sees a reset).
 */
async function startProxy(port, targetPort) {
  const state = { sentBytes: 0, posts: new Map(), cut: null, cutField: null };
  const sockets = new Set();
  const handle = (client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    upstream.on("data", (data) => {
      if (!client.write(data)) upstream.pause();
    });
    client.on("drain", () => upstream.resume());
    upstream.on("drain", () => client.resume());

    let pending = Buffer.alloc(0); // the start of a request head not yet complete
    let remaining = 0; // body bytes still to come of the current request
    let attempt = null; // the document post whose body is passing
    let opaque = false; // a chunked body: not followed, only counted
    let requests = 0; // requests this connection has carried
    const forward = (bytes) => {
      state.sentBytes += bytes.length;
      if (!upstream.write(bytes)) client.pause();
    };
    client.on("data", (data) => {
      const buffer = pending.length > 0 ? Buffer.concat([pending, data]) : data;
      pending = Buffer.alloc(0);
      let offset = 0;
      while (offset < buffer.length) {
        if (opaque) return forward(buffer.subarray(offset));
        if (remaining > 0) {
          let take = Math.min(remaining, buffer.length - offset);
          const cutHere =
            attempt && attempt.number === 1 && attempt.field === state.cutField && attempt.bodyBytes + take >= attempt.contentLength / 2;
          if (cutHere) take = Math.max(0, Math.ceil(attempt.contentLength / 2) - attempt.bodyBytes);
          forward(buffer.subarray(offset, offset + take));
          offset += take;
          remaining -= take;
          if (attempt) attempt.bodyBytes += take;
          if (cutHere) {
            state.cut = {
              field: attempt.field,
              bodyBytes: attempt.bodyBytes,
              contentLength: attempt.contentLength,
              at: performance.now(),
              reusedConnection: attempt.onRequest > 1,
            };
            state.cutField = null;
            client.resetAndDestroy();
            upstream.destroy();
            return;
          }
          if (remaining === 0) attempt = null;
          continue;
        }
        const end = buffer.indexOf("\r\n\r\n", offset, "latin1");
        if (end === -1) {
          pending = Buffer.from(buffer.subarray(offset));
          return;
        }
        const [requestLine = "", ...headerLines] = buffer.toString("latin1", offset, end).split("\r\n");
        forward(buffer.subarray(offset, end + 4));
        offset = end + 4;
        const headers = new Map(
          headerLines.map((line) => [line.slice(0, line.indexOf(":")).trim().toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
        );
        if (/chunked/i.test(headers.get("transfer-encoding") ?? "")) opaque = true;
        remaining = Number(headers.get("content-length") ?? 0) || 0;
        const [method, target = ""] = requestLine.split(" ");
        requests += 1;
        const document = method === "POST" ? /^\/apply\/documents\/([A-Za-z]+)(?:[?#]|$)/.exec(target) : null;
        attempt = null;
        if (document) {
          const field = document[1];
          const attempts = state.posts.get(field) ?? [];
          attempt = {
            field,
            number: attempts.length + 1,
            contentLength: remaining,
            bodyBytes: 0,
            at: performance.now(),
            onRequest: requests,
          };
          attempts.push(attempt);
          state.posts.set(field, attempts);
        }
        if (remaining === 0) attempt = null;
      }
    });
  };
  const servers = [];
  for (const host of ["127.0.0.1", "::1"]) {
    const server = net.createServer(handle);
    try {
      await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, resolve);
      });
      servers.push(server);
    } catch (error) {
      // No IPv6 loopback here: Chromium falls back to 127.0.0.1 for localhost.
      if (host === "127.0.0.1") throw error;
    }
  }
  return {
    state,
    beginRun(cutField) {
      state.posts = new Map();
      state.cut = null;
      state.cutField = cutField;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

/** Waits until the page shows every document uploaded; prints each as it lands. Throws when stuck or out of time. */
async function waitForUploads(page, proxy, { name, started, timeoutMs }) {
  const done = new Set();
  let lastBytes = proxy.state.sentBytes;
  let lastMoved = performance.now();
  for (;;) {
    const uploaded = await page.evaluate(() =>
      [...document.querySelectorAll("[data-uploaded]")].map((element) => element.dataset.uploaded),
    );
    for (const field of uploaded) {
      if (done.has(field)) continue;
      done.add(field);
      const seconds = (performance.now() - started) / 1000;
      console.log(`  ${name}: ${String(done.size).padStart(2)}/15 uploaded at ${seconds.toFixed(1).padStart(5)} s (${field})`);
    }
    if (fields.every((field) => done.has(field))) return;
    const now = performance.now();
    if (proxy.state.sentBytes !== lastBytes) {
      lastBytes = proxy.state.sentBytes;
      lastMoved = now;
    }
    const why =
      now - lastMoved > STUCK_MS
        ? `no byte sent for ${STUCK_MS / 1000} s`
        : now - started > timeoutMs
          ? `not done in ${timeoutMs / 1000} s`
          : null;
    if (why) {
      const alerts = await page.locator("[role=alert]").allTextContents();
      const missing = fields.filter((field) => !done.has(field));
      throw new Error(
        `${name}: ${why}; still missing ${missing.join(", ")}${alerts.length ? `; the page says: ${alerts.join(" | ")}` : ""}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The median of 5 tiny requests from the page on the emulated link, when nothing else is loading: a round trip's cost. */
async function roundTripSeconds(page) {
  const times = await page.evaluate(async () => {
    const measured = [];
    for (let index = 0; index < 5; index++) {
      const started = performance.now();
      const response = await fetch("/healthz", { cache: "no-store" });
      await response.arrayBuffer();
      measured.push(performance.now() - started);
    }
    return measured;
  });
  return median(times) / 1000;
}

/** One application from sign-in to the submitted application's page; the measurements of it. */
async function apply({ browser, url, proxy, photos, run, student }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    // The page's cannot-decode path: it sends the originals.
    if (!run.downscale)
      await context.addInitScript(() => {
        delete window.createImageBitmap;
        window.createImageBitmap = undefined;
      });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: LATENCY_MS,
      uploadThroughput: UPLOAD_BITS_PER_SECOND / 8,
      downloadThroughput: DOWNLOAD_BITS_PER_SECOND / 8,
    });
    await page.goto(`${url}/login?redirectTo=${encodeURIComponent("/apply")}`);
    await page.getByLabel("Email", { exact: true }).fill(student.email);
    await page.getByLabel("Password").fill(student.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((address) => address.pathname === "/apply");
    // Hydrated (React has attached its props to the inputs): a file chosen before would not upload on its own.
    await page.waitForFunction(() => {
      const input = document.querySelector('input[type="file"]');
      return input !== null && Object.keys(input).some((key) => key.startsWith("__reactProps$"));
    });
    await page.getByLabel("Destination country").selectOption("Germany");
    await page.getByLabel("University", { exact: true }).fill("Technical University of Munich");
    await page.getByLabel("Your full name").fill(student.name);
    await page.getByLabel("Address").fill("House 12, Road 5, Dhanmondi, Dhaka");
    await page.getByLabel("Father's name").fill("Abdul Karim");
    await page.getByLabel("Mother's name").fill("Salma Begum");
    await page.getByLabel("Sponsor's name").fill("Abdul Karim");

    // Measured before the clock, on an idle link: a resumable protocol's extra request comes between two uploads.
    let roundTrip = null;
    if (run.downscale) {
      await page.waitForLoadState("networkidle");
      roundTrip = await roundTripSeconds(page);
    }

    // What the page itself saw of the cut document: Chromium sends a request again on its own when a
    // kept-alive connection drops under it, and then the page's own retry never runs.
    const cutPath = `/apply/documents/${fields[CUT_INDEX]}`;
    const seenByPage = { requests: 0, failed: 0 };
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === cutPath) seenByPage.requests += 1;
    });
    page.on("requestfailed", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === cutPath) seenByPage.failed += 1;
    });
    proxy.beginRun(fields[CUT_INDEX]);
    const sentBefore = proxy.state.sentBytes;
    const started = performance.now();
    for (const [index, field] of fields.entries())
      await page.locator(`input[type="file"][name="${field}"]`).setInputFiles(photos[index].file);
    await waitForUploads(page, proxy, { name: run.name, started, timeoutMs: run.timeoutMs });
    const uploadedSeconds = (performance.now() - started) / 1000;
    await page.getByRole("button", { name: "Submit application" }).click();
    await page.waitForURL(/\/dashboard\/my-applications\/[0-9a-f-]{36}$/, { timeout: 120_000 });
    const seconds = (performance.now() - started) / 1000;
    const sentBytes = proxy.state.sentBytes - sentBefore;
    return { seconds, uploadedSeconds, sentBytes, posts: proxy.state.posts, cut: proxy.state.cut, roundTrip, seenByPage };
  } finally {
    await context.close();
  }
}

/** Prints a run's numbers and returns what is wrong with it (empty when nothing). */
function report(run, result, photos) {
  const floor = floorSeconds(result.sentBytes);
  const throttled = result.seconds >= floor;
  console.log(
    `${run.name} (${run.downscale ? "downscaled in the browser" : "originals"}): ${result.seconds.toFixed(1)} s, ${megabytes(result.sentBytes)} MB sent; ` +
      `at ${UPLOAD_BITS_PER_SECOND / 1000} kbit/s that takes at least ${floor.toFixed(1)} s: throttled ${throttled ? "yes" : "NO"}`,
  );
  console.log(
    `  all 15 uploaded at ${result.uploadedSeconds.toFixed(1)} s; the submitted application shown at ${result.seconds.toFixed(1)} s`,
  );
  const problems = [];
  for (const [index, field] of fields.entries()) {
    const attempts = result.posts.get(field) ?? [];
    const carried = attempts
      .map(
        (attempt) =>
          `${(attempt.bodyBytes / MB).toFixed(2)}${attempt.bodyBytes < attempt.contentLength ? ` of ${(attempt.contentLength / MB).toFixed(2)} (cut)` : ""}`,
      )
      .join(" + ");
    console.log(
      `  ${String(index + 1).padStart(2)} ${field.padEnd(26)} ${attempts.length}× ${carried || "-"} MB (photo ${(photos[index].bytes / MB).toFixed(2)} MB)`,
    );
    if (index < CUT_INDEX && attempts.length !== 1) problems.push(`${field} was posted ${attempts.length} times (once expected)`);
  }
  const retry = result.posts.get(fields[CUT_INDEX])?.[1];
  if (result.cut && retry) {
    console.log(
      `  the cut: ${(result.cut.bodyBytes / MB).toFixed(2)} of ${(result.cut.contentLength / MB).toFixed(2)} MB into ${result.cut.field}; sent again ${((retry.at - result.cut.at) / 1000).toFixed(1)} s later ` +
        (result.seenByPage.failed === 0
          ? `by Chromium itself: the page saw ${result.seenByPage.requests} request and no failure (the connection cut was ${result.cut.reusedConnection ? "a kept-alive one" : "fresh"})`
          : `by the page: it saw ${result.seenByPage.failed} failed of ${result.seenByPage.requests} requests`),
    );
  }
  if (!result.cut) problems.push(`the connection was never cut in ${fields[CUT_INDEX]}`);
  if ((result.posts.get(fields[CUT_INDEX]) ?? []).length < 2) problems.push(`${fields[CUT_INDEX]} was not sent again after the cut`);
  if (!throttled) problems.push("the link was not throttled (faster than the bytes allow)");
  return { problems, throttled };
}

const photoStarted = performance.now();
const photos = await phonePhotos(fields);
const photoBytes = photos.reduce((sum, photo) => sum + photo.bytes, 0);
console.log(
  `15 photos, 4000×3000: ${megabytes(photoBytes)} MB (${(Math.min(...photos.map((photo) => photo.bytes)) / MB).toFixed(2)}–${(Math.max(...photos.map((photo) => photo.bytes)) / MB).toFixed(2)} MB each; ready in ${((performance.now() - photoStarted) / 1000).toFixed(1)} s)`,
);

const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-bench-phone-upload-"));
try {
  seedAccounts(dataDir, students);
} catch (error) {
  rmSync(dataDir, { recursive: true, force: true });
  throw error;
}

// The browser reaches the server only through the proxy, and the server trusts the proxy's origin.
const proxyPort = await freePort();
const url = `http://localhost:${proxyPort}`;
const server = await startProductionServer({ dataDir, env: { LOG_LEVEL: "warn", APP_URL: url } });
let proxy;
let browser;
const problems = [];
const results = new Map();
try {
  proxy = await startProxy(proxyPort, server.port);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  for (const [index, run] of runs.entries()) {
    try {
      const result = await apply({ browser, url, proxy, photos, run, student: students[index] });
      const checked = report(run, result, photos);
      results.set(run.name, { ...result, throttled: checked.throttled });
      problems.push(...checked.problems.map((problem) => `${run.name}: ${problem}`));
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      console.error(`${run.name}: ${error instanceof Error ? error.message : error}`);
    }
  }
} finally {
  await browser?.close();
  await proxy?.stop();
  await server.stop();
}

const before = results.get("before");
const after = results.get("after");
if (before && after) {
  console.log(
    `before → after downscaling: ${before.seconds.toFixed(1)} s → ${after.seconds.toFixed(1)} s, ${megabytes(before.sentBytes)} MB → ${megabytes(after.sentBytes)} MB sent`,
  );
}
if (after) {
  if (after.cut) {
    console.log(
      `resuming instead of resending: ${(after.cut.bodyBytes / MB).toFixed(2)} MB of document ${CUT_INDEX + 1} had been sent before the cut, ` +
        `${floorSeconds(after.cut.bodyBytes).toFixed(1)} s at ${UPLOAD_BITS_PER_SECOND / 1000} kbit/s that resuming would have saved`,
    );
  }
  console.log(
    `a resumable protocol's extra round trip per document: ${after.roundTrip.toFixed(2)} s (median of 5), × 15 documents = ${(after.roundTrip * 15).toFixed(1)} s`,
  );
  if (after.seconds >= TARGET_SECONDS) problems.push(`after: ${after.seconds.toFixed(1)} s, the target is under ${TARGET_SECONDS} s`);
}
for (const problem of problems) console.error(`FAIL: ${problem}`);
if (after)
  console.log(
    `phone-upload: ${after.seconds.toFixed(1)} s, ${megabytes(after.sentBytes)} MB sent, throttled: ${after.throttled ? "yes" : "no"}`,
  );
process.exit(problems.length > 0 || !after ? 1 : 0);
