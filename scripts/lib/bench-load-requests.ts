// What `npm run bench:load` sends besides autocannon's load: sign-ins, the paths it finds on the pages,
// single timed requests on a fresh connection each (a new visitor), and the upload's multipart body.
import { randomBytes } from "node:crypto";
import http from "node:http";

/** The value at the p-th percentile (nearest rank) of some figures; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export type TimedAnswer = { status: number; ms: number; retryAfter?: string; error?: string };

/** One GET on a connection of its own, timed from sending to the last byte of the answer; never throws. */
export function timedGet(url: string, timeoutMs = 15_000): Promise<TimedAnswer> {
  const sent = performance.now();
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on("end", () => {
        const retryAfter = response.headers["retry-after"];
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - sent, ...(retryAfter ? { retryAfter } : {}) });
      });
      response.on("error", (error) => resolve({ status: 0, ms: performance.now() - sent, error: error.message }));
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => resolve({ status: 0, ms: performance.now() - sent, error: error.message }));
  });
}

/** `count` GETs of `url` one after another: the quiet latency other figures are held against. */
export async function sequentialGets(url: string, count: number, gapMs = 0): Promise<TimedAnswer[]> {
  const answers: TimedAnswer[] = [];
  for (let index = 0; index < count; index++) {
    answers.push(await timedGet(url));
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  return answers;
}

/** Signs a student in through the login form, as a browser without JavaScript does; answers the session cookie. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, password, intent: "password" }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .filter((pair) => pair.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie;
}

/** The first link on a page that matches `pattern` (real paths, not guessed ones); throws when there is none. */
export async function firstLink(base: string, page: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${base}${page}`)).text();
  for (const [, href] of html.matchAll(/href="([^"#?]+)"/g)) if (href && pattern.test(href)) return href;
  throw new Error(`no link matching ${pattern} on ${page}`);
}

/** A multipart body with one file under `field`, as the apply page's script posts a chosen document. */
export function singleFileBody(field: string, fileName: string, contentType: string, bytes: string | Buffer) {
  const boundary = `----onward-load-${randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
