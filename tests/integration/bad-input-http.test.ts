import { readFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CONTROL_CHARACTERS_REMOVED } from "~/lib/form-text";
import { objectShape } from "~/lib/schemas/parse-form";
import { loggedErrors, projectRoot, type ServerProcess, startServer } from "../support/server-process";
import {
  type Crawl,
  crawlSite,
  type Identity,
  identities,
  inTurns,
  seedProbeWorld,
  sender,
  signInEveryone,
  table,
} from "../support/site-crawl";
import { createServerEnvironment } from "../support/test-database";

/**
 * Input nobody meant to send, generated from the route table and the pages themselves rather than
 * picked by hand: every path of app/routes.ts (its parameters filled from links the pages show),
 * every query parameter a route reads or a page's search form sends, and every field of every
 * form a page renders, each carrying a NUL byte, as everyone who can see them; then empty and
 * broken bodies posted to every route with an action. A client's mistake is a 4xx with a message,
 * never a 5xx and never an `error` log line.
 */
let server: ServerProcess;
let cleanup: (() => Promise<void>) | undefined;
let send: ReturnType<typeof sender>;
let concrete: Crawl["concrete"];
let admitted: Crawl["admitted"];
let formQueryNames: Crawl["formQueryNames"];
let postForms: Crawl["postForms"];
let fileFields: Crawl["fileFields"];
let uncheckedChoices: Crawl["uncheckedChoices"];

beforeAll(async () => {
  const environment = await createServerEnvironment();
  cleanup = environment.cleanup;
  const people = await seedProbeWorld(environment.env);
  server = await startServer({ ...environment.env, LOG_LEVEL: "warn" });
  send = sender(server, await signInEveryone(server, people));
  ({ concrete, admitted, formQueryNames, postForms, fileFields, uncheckedChoices } = await crawlSite(send));
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await cleanup?.();
});

/** The query parameters a route's module reads (`query.get("page")`, a shared page's parameter list) and its search forms send. */
async function queryNames(pattern: string, file: string): Promise<string[]> {
  const source = await readFile(path.join(projectRoot, "app", file), "utf8");
  const names = new Set(formQueryNames.get(concrete.get(pattern) ?? pattern) ?? []);
  for (const [, name = ""] of source.matchAll(/(?:query|params|readQuery\(request\)|searchParams)\.(?:get|getAll|has)\("([\w.]+)"\)/g))
    names.add(name);
  for (const [, list = ""] of source.matchAll(/Parameters = \[([^\]]*)\]/g))
    for (const [, name = ""] of list.matchAll(/"([\w.]+)"/g)) names.add(name);
  names.add("page");
  return [...names];
}

/** A form schema's field names as a form posts them (nested objects as `social.facebook`); none for anything else. */
function schemaFields(schema: unknown, prefix = ""): string[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, field]) =>
    objectShape(field) ? schemaFields(field, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Values nobody should send: each must be a 4xx or the page as usual. */
const hostileValues = [
  "%00",
  "a%00b",
  "%01%1F%7F",
  "%",
  "%E0%A4%A",
  "%C0%AF",
  "x".repeat(5_000),
  "-1",
  "1e309",
  "99999999999999999999",
  "NaN",
  "[]",
  "%F0%9F%98%80",
];

describe("generated bad input against the built server", () => {
  test("the crawl reached every page of the route table as someone, and found forms to post", () => {
    const unreached = table
      .map(({ pattern }) => concrete.get(pattern) ?? pattern)
      .filter((pathname) => !admitted.has(pathname))
      // Pages that answer 200 to nobody by design: action-only and redirect-only routes (the language switch among them), the two-factor step without its
      // cookie, an e-mail's unsubscribe link without its token, first-run set-up once a manager or admin exists (its own
      // tests: tests/integration/setup-http.test.ts).
      .filter(
        (pathname) =>
          !/^\/(logout|language|login\/two-factor|no-such-page|api\/auth\/error|verify-email|reminders\/unsubscribe|dev\/mail|dev\/design|setup)$/.test(
            pathname,
          ),
      )
      .filter(
        (pathname) =>
          !/^\/(photos|member-photos|university-logos|consultant-photos|calendar|apply\/documents|dashboard\/(applications|my-applications)\/[^/]+\/documents)\//.test(
            pathname,
          ),
      )
      .filter((pathname) => !/^\/dashboard\/(user-management\/[^/]+\/role|checklist\/[^/]+)$/.test(pathname))
      // The JSON API takes a bearer token, never the crawl's cookies (its own tests: tests/integration/api-http.test.ts).
      .filter((pathname) => !pathname.startsWith("/api/v1/"));
    expect(unreached).toEqual([]);
    expect(postForms.length).toBeGreaterThan(25);
  });

  test("every query parameter of every route, with NUL and other hostile values, as everyone who can see it: never a 5xx", async () => {
    const failures: string[] = [];
    const requests: { url: string; identity: Identity }[] = [];
    for (const { pattern, file } of table) {
      const pathname = concrete.get(pattern) ?? pattern;
      const who: Identity[] = ["anonymous", ...(admitted.get(pathname) ?? []).filter((identity) => identity !== "anonymous")];
      const names = await queryNames(pattern, file);
      for (const identity of who) {
        const urls = names.flatMap((name) => [`${pathname}?${name}=%00`, `${pathname}?${name}=probe%00text`]);
        // Every hostile value in every parameter at once, the made-up parameter names too.
        for (const value of hostileValues) urls.push(`${pathname}?${names.map((name) => `${name}=${value}`).join("&")}&%00=%00`);
        // React Router's data requests read the same query.
        urls.push(`${pathname === "/" ? "/_" : pathname}.data?${names.map((name) => `${name}=%00`).join("&")}`);
        for (const url of urls) requests.push({ url, identity });
      }
    }
    // A few at a time, as browsers would send them: the server renders one while the test reads another.
    await inTurns(requests, 4, async ({ url, identity }) => {
      const answer = await send(url, identity);
      if (answer.status >= 500) failures.push(`${identity} GET ${url.slice(0, 120)} → ${answer.status}`);
    });
    expect(failures).toEqual([]);
    expect(requests.length).toBeGreaterThan(500);
    expect(loggedErrors(server)).toEqual([]);
  }, 300_000);

  test("every field of every form a page renders, posted with a NUL byte by the person who saw it: a 4xx, and a typed field says why", async () => {
    const failures: string[] = [];
    let posts = 0;
    for (const form of postForms) {
      for (const target of form.fields) {
        const fields = form.fields.map((field) => [field.name, field.name === target.name ? `${field.value}\0` : field.value] as const);
        let body: FormData | URLSearchParams;
        if (form.multipart) {
          body = new FormData();
          for (const [name, value] of fields) body.append(name, value);
        } else {
          body = new URLSearchParams(fields.map(([name, value]) => [name, value]));
        }
        const answer = await send(form.action, form.identity, { method: "POST", body });
        posts += 1;
        const where = `${form.identity} ${form.action} [${target.name}]`;
        if (answer.status >= 500) failures.push(`${where} → ${answer.status}`);
        else if (target.typed && answer.status < 300) failures.push(`${where} → ${answer.status}, accepted`);
        else if (target.typed && answer.status === 400 && !answer.body.includes(CONTROL_CHARACTERS_REMOVED)) {
          failures.push(`${where} → 400 without the control-character message`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(posts).toBeGreaterThan(200);
    expect(loggedErrors(server)).toEqual([]);
  }, 300_000);

  /**
   * Schema fields no page renders as a field for these visitors: the two-factor code (its page
   * needs a sign-in half done; six digits or refused, by totpCodeSchema), and the contact
   * message's kind (set by the route, never posted).
   */
  const notRendered = ["code", "kind"];

  test("every field of every form schema is among the fields posted above, or a page's search form", () => {
    const schemas = import.meta.glob<Record<string, unknown>>("../../app/lib/schemas/*.ts", { eager: true });
    const posted = new Set(postForms.flatMap((form) => form.fields.map((field) => field.name)));
    for (const names of formQueryNames.values()) for (const name of names) posted.add(name);
    for (const name of [...fileFields, ...uncheckedChoices, ...notRendered]) posted.add(name);
    const missing = new Set<string>();
    for (const [file, module] of Object.entries(schemas)) {
      for (const [exported, schema] of Object.entries(module)) {
        for (const name of schemaFields(schema)) if (!posted.has(name)) missing.add(`${path.basename(file)} ${exported}.${name}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  test("an empty body and a broken multipart body to every route with an action, as everyone: 4xx (400 'could not be read' once admitted), never a 5xx", async () => {
    const actionRoutes: string[] = [];
    for (const { pattern, file } of table) {
      const source = await readFile(path.join(projectRoot, "app", file), "utf8");
      if (/export (async )?function action|export const action/.test(source)) actionRoutes.push(concrete.get(pattern) ?? pattern);
    }
    expect(actionRoutes.length).toBeGreaterThan(25);
    // Signing out (which an empty post does) goes last, so that everyone is still signed in for the others.
    actionRoutes.sort((a, b) => Number(a === "/logout") - Number(b === "/logout"));
    const failures: string[] = [];
    const boundary = "----onward-broken";
    for (const pathname of actionRoutes) {
      let refusedAsUnreadable = false;
      for (const identity of identities) {
        const empty = await send(pathname, identity, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "0" },
        });
        if (empty.status >= 500) failures.push(`${identity} empty POST ${pathname} → ${empty.status}`);
        const broken = await send(pathname, identity, {
          method: "POST",
          headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
          body: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf a val`,
        });
        if (broken.status >= 500) failures.push(`${identity} broken POST ${pathname} → ${broken.status}`);
        if (broken.status === 200) failures.push(`${identity} broken POST ${pathname} → 200`);
        if (broken.status === 400 && broken.body.includes("could not be read")) refusedAsUnreadable = true;
      }
      // Signing out and the auth endpoints never read a form, nor does set-up without its link (404; its own tests read
      // its bodies), nor the JSON API without a bearer token (tests/integration/api-http.test.ts); every other action
      // reads its body for someone.
      if (!refusedAsUnreadable && !/^\/(logout|api\/auth\/error|api\/v1\/.+|setup)$/.test(pathname))
        failures.push(`${pathname}: nobody's broken body was refused as unreadable`);
    }
    expect(failures).toEqual([]);
    expect(loggedErrors(server)).toEqual([]);
  }, 300_000);

  test("PUT, PATCH and DELETE on every path answer 405 or 404, never a 5xx", async () => {
    const failures: string[] = [];
    for (const { pattern } of table) {
      const pathname = concrete.get(pattern) ?? pattern;
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const answer = await send(pathname, "admin", {
          method,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "a=%00",
        });
        if (answer.status >= 500) failures.push(`${method} ${pathname} → ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  test("hostile headers (junk cookies, a NUL session token, odd Host and Accept-Encoding) are ignored or refused, never a 5xx", async () => {
    const headerSets: Record<string, string>[] = [
      { Cookie: "onward.session_token=%00" },
      { Cookie: "onward.session_token=\u00ff\u00fe; =; ;;; a" },
      { Cookie: `onward.session_token=${"z".repeat(4_000)}` },
      { Cookie: "onward.toast=%E0%A4%A; onward.two_factor=%00" },
      { "Accept-Encoding": "br;q=NaN, gzip;q=-1, *;q=2" },
      { "Accept-Language": "%00" },
      { "If-None-Match": '"\u00ff"' },
      { Range: "bytes=-1-" },
    ];
    const failures: string[] = [];
    for (const pathname of ["/", "/find-university", "/login", "/dashboard", "/contact"]) {
      for (const headers of headerSets) {
        const answer = await fetch(`${server.url}${pathname}`, { redirect: "manual", headers });
        if (answer.status >= 500) failures.push(`${pathname} ${JSON.stringify(headers).slice(0, 60)} → ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(loggedErrors(server)).toEqual([]);
  });

  test("a 300 kB address is refused with 431 at once, and a page that is not found is never cached", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk;
      });
      socket.on("error", () => resolve(received));
      socket.on("close", () => resolve(received));
      socket.on("connect", () => socket.write(`GET /find-university?q=${"a".repeat(300_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
      setTimeout(() => reject(new Error("no answer")), 10_000);
    });
    expect(answer.split("\r\n")[0]).toMatch(/^HTTP\/1\.1 431/);
    const missing = await send("/no-such-page", "anonymous");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toContain("no-store");
  });

  test("a shared page rendered for a query with parameters it does not declare keeps them out of the shared copy", async () => {
    const evil = await send("/find-university?evil=%3Cb%3Etrap&q=oxford", "anonymous");
    expect(evil.status).toBe(200);
    const again = await send("/find-university?q=oxford", "anonymous");
    expect(again.body).not.toContain("evil");
    expect(again.body).not.toContain("trap");
  });

  test("better-auth's error page is our sign-in page, and an unknown auth endpoint is a 404", async () => {
    const error = await send("/api/auth/error?error=state%00mismatch", "anonymous");
    expect(error.status).toBe(302);
    expect(error.headers.get("Location")).toMatch(/^\/login\?error=/);
    const unknown = await send("/api/auth/no-such-endpoint", "anonymous", { method: "POST", body: new URLSearchParams({ a: "b" }) });
    expect(unknown.status).toBe(404);
  });
});
