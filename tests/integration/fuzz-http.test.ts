import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Operation } from "~/routes/api/v1/operation.server";
import { operations } from "~/routes/api/v1/operations.server";
import {
  brokenBody,
  brokenBodyKinds,
  encodeForm,
  extraFields,
  FUZZ_RUNS,
  fieldValue,
  forbiddenFieldNames,
  hostileJson,
  hostileText,
  type RawBody,
  wellFormed,
} from "../support/fuzz-input";
import { expectKeptAnswering, startHealthProbe } from "../support/health-probe";
import { loggedErrors, type ServerProcess, startServer } from "../support/server-process";
import {
  type Answer,
  type Crawl,
  crawlSite,
  type Identity,
  identities,
  inTurns,
  type People,
  seedProbeWorld,
  sender,
  signInEveryone,
} from "../support/site-crawl";
import { createServerEnvironment } from "../support/test-database";

/**
 * Generated input (fast-check) against the built server over real HTTP: every form a page renders
 * and every operation of the JSON API, as everyone, with hostile text, wrong types, fields that
 * must not be honoured, duplicated fields and broken bodies. Properties: never a 5xx; a refusal is
 * a 4xx that says why; nobody changes what their role may not change (read back before and after
 * each person's runs); /healthz keeps answering. FUZZ_RUNS sets the runs per target (200 here,
 * 5,000 in `npm run test:fuzz`); FUZZ_SEED replays a failure with the seed its report names.
 */
/** The server's default body cap (MAX_BODY_KB): "huge" goes up to it. */
const MAX_BODY_BYTES = 1024 * 1024;

let server: ServerProcess;
let cleanup: (() => Promise<void>) | undefined;
let people: People;
let send: (pathAndQuery: string, identity: Identity, init?: RequestInit) => Promise<Answer>;
let crawl: Crawl;
const tokens: Record<Identity, string> = { anonymous: "", student: "", networking: "", consultant: "", manager: "", admin: "" };
/** The admin's own session for reading the world back, apart from the one the fuzzing uses (which may sign itself out). */
let observerToken = "";
/** Values that exist, for path parameters: an application, a member, a consultant, a university, a document field, the people. */
let knownValues: string[] = [];
let probe: ReturnType<typeof startHealthProbe> | undefined;

beforeAll(async () => {
  const environment = await createServerEnvironment();
  cleanup = environment.cleanup;
  people = await seedProbeWorld(environment.env);
  server = await startServer({ ...environment.env, LOG_LEVEL: "warn" });
  send = sender(server, await signInEveryone(server, people));
  crawl = await crawlSite(send);
  for (const identity of identities) if (identity !== "anonymous") tokens[identity] = await login(people[identity]);
  observerToken = await login(people.admin);
  const [applications, members, consultants, universities] = await Promise.all(
    ["/applications", "/networking-members", "/consultants", "/universities?pageSize=3"].map((path) => api(path, "admin")),
  );
  const ids = (answer: { body: string } | undefined) =>
    ((JSON.parse(answer?.body ?? "{}").data ?? []) as { id?: string; slug?: string }[]).map((row) => row.id ?? row.slug ?? "");
  knownValues = [
    ...ids(applications),
    ...ids(members),
    ...ids(consultants),
    ...ids(universities),
    "passportSizePicture",
    ...Object.values(people).map((person) => person.id),
  ].filter(Boolean);
  probe = startHealthProbe(`${server.url}/healthz`);
}, 180_000);
afterAll(async () => {
  if (process.env.FUZZ_DEBUG) console.log(server?.output().slice(-6000));
  await probe?.stop();
  await server?.stop();
  await cleanup?.();
});

async function login(person: { email: string; password: string }): Promise<string> {
  const answer = await fetch(`${server.url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** A JSON API call with someone's token (or the observer's). */
async function api(pathAndQuery: string, identity: Identity | "observer", init: RequestInit = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  const token = identity === "observer" ? observerToken : tokens[identity];
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const response = await fetch(`${server.url}/api/v1${pathAndQuery}`, { redirect: "manual", ...init, headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** What a refusal must carry: the API's envelope with a message, or a page or text that says something. */
function saysWhy(answer: Answer): boolean {
  const type = answer.headers.get("Content-Type") ?? "";
  if (type.includes("json")) {
    try {
      // The API's envelope, or a resource route's refusal: its message as a JSON string.
      const body = JSON.parse(answer.body) as string | { error?: { message?: unknown }; message?: unknown };
      const message = typeof body === "string" ? body : (body.error?.message ?? body.message);
      return typeof message === "string" && /\p{L}{3}/u.test(message);
    } catch {
      return false;
    }
  }
  if (type.includes("html")) return /<h1\b|role="alert"|aria-invalid="true"/.test(answer.body);
  // A redirect after a refused post carries its message in a toast cookie; a plain-text refusal says it in words.
  if (answer.status >= 300 && answer.status < 400) return Boolean(answer.headers.get("Location"));
  return /\p{L}{3}/u.test(answer.body);
}

/** What must hold of one answer, whoever sent it. */
function checkAnswer(answer: Answer, where: string) {
  expect(answer.status, `${where} answered ${answer.status}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) expect(saysWhy(answer), `${where} refused without saying why: ${answer.body.slice(0, 300)}`).toBe(true);
}

/** What only staff may change, read back through the API as the admin: the people's roles, the catalogue's size, members' and applications' states. */
async function snapshot() {
  const [roles, universities, members, applications] = await Promise.all([
    Promise.all(
      Object.values(people).map(
        async (person) => `${person.id}:${JSON.parse((await api(`/users/${person.id}`, "observer")).body).data?.role}`,
      ),
    ),
    api("/universities?pageSize=1", "observer").then((answer) => JSON.parse(answer.body).meta?.total),
    api("/networking-members?pageSize=100", "observer").then((answer) =>
      (JSON.parse(answer.body).data as { id: string; status: string }[]).map((member) => `${member.id}:${member.status}`).sort(),
    ),
    api("/applications?pageSize=100", "observer").then((answer) =>
      (JSON.parse(answer.body).data as { id: string; status: string }[])
        .map((application) => `${application.id}:${application.status}`)
        .sort(),
    ),
  ]);
  return { roles, universities, members, applications };
}

/** Something to fuzz: its name in reports, who tries it, and its property run `runs` times as one of them with a seed. */
type Target = {
  name: string;
  who: Identity[];
  check: (identity: Identity, runs: number, seed: number) => Promise<void>;
  /** Runs by itself, after the others: it ends the caller's session, which would turn the other targets' runs anonymous. */
  alone?: boolean;
};

/**
 * Targets of one identity fuzzed at once: the server works on one core while the test makes and
 * checks requests on the other, so a few in flight keep both busy without queueing at the server.
 */
const LANES = 3;

/**
 * Runs every target's property as each person who tries it, one person at a time with all their
 * targets, and checks after each person's runs that they changed nothing their role may not
 * change: nobody but managers and admins changes a role, a networking member or the catalogue;
 * nobody but staff moves an application, apart from its student withdrawing it. Managers and
 * admins go last (nobody can change their own role, so they stay staff throughout), and the
 * people are put back after them.
 */
async function fuzzAsEveryone(targets: Target[]) {
  const order = identities
    .filter((identity) => targets.some((target) => target.who.includes(identity)))
    .sort((a, b) => Number(isStaffAdmin(a)) - Number(isStaffAdmin(b)));
  let before = await snapshot();
  for (const identity of order) {
    await keepSignedIn(identity);
    const last = await runTargets(
      identity,
      targets.filter((target) => target.who.includes(identity)),
    );
    if (isStaffAdmin(identity)) continue;
    const after = await snapshot();
    const who = `${identity} (over its targets, the last ${last})`;
    expect(after.roles, `${who} changed a role`).toEqual(before.roles);
    expect(after.members, `${who} changed a networking member`).toEqual(before.members);
    if (identity !== "consultant") {
      expect(after.universities, `${who} changed the catalogue`).toEqual(before.universities);
      const moved = after.applications.filter((entry: string) => !before.applications.includes(entry));
      expect(
        moved.filter((entry: string) => !(identity === "student" && entry.endsWith(":withdrawn"))),
        `${who} moved an application`,
      ).toEqual([]);
    }
    before = after;
  }
  await restorePeople();
}

/**
 * Runs one person's targets, LANES at a time and those that must be alone after them, each with
 * its share of the runs; the first failure stops the rest and is reported with the target's name
 * and seed. Resolves with the name of the target that finished last.
 */
async function runTargets(identity: Identity, targets: Target[]): Promise<string> {
  const failures: Error[] = [];
  let last = "";
  const runOne = async (target: Target) => {
    if (failures.length) return;
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomSeed();
    try {
      await target.check(identity, Math.ceil(FUZZ_RUNS / target.who.length), seed);
      await keepSignedIn(identity);
      last = target.name;
    } catch (error) {
      failures.push(
        new Error(`${identity} on ${target.name} failed (replay: FUZZ_SEED=${seed}): ${(error as Error).message}`, { cause: error }),
      );
    }
  };
  await inTurns(
    targets.filter((target) => !target.alone),
    LANES,
    runOne,
  );
  for (const target of targets.filter((target) => target.alone)) await runOne(target);
  if (failures[0]) throw failures[0];
  return last;
}

/** A seed as fast-check picks one, picked here so that a failure's report can name it whichever target failed. */
const randomSeed = () => Date.now() ^ (Math.random() * 0x100000000);

const isStaffAdmin = (identity: Identity) => identity === "manager" || identity === "admin";

/** Signs the person in again when their API token no longer works: a run may have signed it out (logout) or renewed it. */
async function keepSignedIn(identity: Identity) {
  if (identity !== "anonymous" && (await api("/me", identity)).status === 401) tokens[identity] = await login(people[identity]);
}

/**
 * Puts the people back as they were after the staff's runs, where the fuzzing legitimately changed
 * them: an admin or manager may have given someone another role, and anyone may have signed
 * their own token out.
 */
async function restorePeople() {
  for (const identity of identities) {
    if (identity === "anonymous") continue;
    const person = people[identity];
    const role = JSON.parse((await api(`/users/${person.id}`, "observer")).body).data?.role;
    if (role !== person.role) {
      const put = await api(`/users/${person.id}/role`, "observer", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ role: person.role }),
      });
      expect(put.status, `restoring ${identity}'s role`).toBe(200);
    }
    await keepSignedIn(identity);
  }
}

const fuzzOptions = (runs: number, seed: number) => ({ numRuns: runs, endOnFailure: true, seed });

/** One target per distinct form (its action and fields), tried by everyone who saw it and by a stranger. */
function formTargets() {
  const byKey = new Map<string, { action: string; multipart: boolean; fields: Crawl["postForms"][number]["fields"]; who: Set<Identity> }>();
  for (const form of crawl.postForms) {
    // Signing out would end the person's session for every later target; its own tests cover it.
    if (/^\/(logout|reset-password)/.test(form.action)) continue;
    const key = `${form.action} ${form.fields.map((field) => field.name).join(",")}`;
    const target = byKey.get(key) ?? {
      action: form.action,
      multipart: form.multipart,
      fields: form.fields,
      who: new Set<Identity>(["anonymous"]),
    };
    target.who.add(form.identity);
    byKey.set(key, target);
  }
  return [...byKey.values()];
}

/** A form's target: its rendered fields, hostile values and extra fields, encoded as a browser would or broken. */
function formTarget(form: ReturnType<typeof formTargets>[number]): Target {
  const names = form.fields.map((field) => field.name);
  const submission = fc.record({
    values: fc.tuple(...form.fields.map((field) => fieldValue(field.value, MAX_BODY_BYTES))),
    extras: extraFields(names, MAX_BODY_BYTES),
    encoding: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom<"urlencoded" | "multipart">("urlencoded", "multipart") },
      { weight: 1, arbitrary: fc.constantFrom(...brokenBodyKinds) },
    ),
  });
  return {
    name: `POST ${form.action} (${names.join(", ")})`,
    who: [...form.who],
    check: (identity, runs, seed) =>
      fc.assert(
        fc.asyncProperty(submission, async ({ values, extras, encoding }) => {
          const pairs: [string, string][] = form.fields.flatMap((field, index) => {
            const value = values[index];
            return value === undefined ? [] : [[field.name, value] as [string, string]];
          });
          pairs.push(...extras);
          const raw =
            encoding === "urlencoded" || encoding === "multipart"
              ? encodeForm(pairs, form.multipart ? "multipart" : encoding)
              : brokenBody(pairs, encoding);
          checkAnswer(await post(form.action, identity, raw), `${identity} POST ${form.action} (${raw.label})`);
        }),
        fuzzOptions(runs, seed),
      ),
  };
}

/** An operation's target: generated calls (path parameters, query, body) as everyone; signing out goes by itself. */
function operationTarget(operation: Operation): Target {
  const request = apiRequest(operation);
  return {
    name: `${operation.method} ${operation.path}`,
    who: identities,
    alone: operation.path === "/auth/logout",
    check: (identity, runs, seed) =>
      fc.assert(
        fc.asyncProperty(request, async ({ path, init }) => {
          const answer = await attempt(`${identity} ${operation.method} ${path.slice(0, 80)}`, () => api(path, identity, init));
          checkAnswer(answer, `${identity} ${operation.method} ${path.slice(0, 120)}`);
          if (answer.status >= 400) expect(JSON.parse(answer.body).status).toBe("Error");
        }),
        fuzzOptions(runs, seed),
      ),
  };
}

/** The requests sent last, newest first: a connection one of them broke shows up on a later request, perhaps another lane's. */
const recent: string[] = [];

/** Sends one generated request; a connection that fails is a failure naming the requests before it too. */
async function attempt(label: string, request: () => Promise<Answer>): Promise<Answer> {
  const before = recent.join("; ");
  recent.unshift(label);
  recent.length = Math.min(recent.length, LANES + 1);
  try {
    return await request();
  } catch (error) {
    throw new Error(
      `${label}: no answer (${(error as Error & { cause?: { code?: string } }).cause?.code ?? error}); the requests before: ${before}`,
    );
  }
}

async function post(action: string, identity: Identity, raw: RawBody) {
  const headers: Record<string, string> = {};
  if (raw.contentType) headers["Content-Type"] = raw.contentType;
  return attempt(`${identity} POST ${action} (${raw.label}, ${raw.body.length} bytes)`, () =>
    send(action, identity, { method: "POST", headers, body: new Uint8Array(raw.body) }),
  );
}

/** 15 minutes for the suite's 200 runs per target, longer in proportion for `npm run test:fuzz`'s 5,000. */
const testTimeout = 900_000 * Math.max(1, FUZZ_RUNS / 200);

describe("fuzzing over real HTTP", () => {
  test(
    "every form a page renders, as everyone who saw it and a stranger: never a 5xx, a refusal says why, nothing changed beyond the person's role",
    async () => {
      const forms = formTargets();
      expect(forms.length).toBeGreaterThan(20);
      await fuzzAsEveryone(forms.map(formTarget));
      expect(loggedErrors(server)).toEqual([]);
    },
    testTimeout,
  );

  test(
    "every operation of the JSON API, as everyone: never a 5xx, the envelope says why, nothing changed beyond the caller's role",
    async () => {
      expect(operations.length).toBeGreaterThan(30);
      await fuzzAsEveryone(operations.map(operationTarget));
      expect(loggedErrors(server)).toEqual([]);
    },
    testTimeout,
  );

  test("the server answered /healthz throughout (95% within 200 ms, none in a second or more)", async () => {
    const answers = (await probe?.stop()) ?? [];
    probe = undefined;
    expectKeptAnswering(answers);
  });
});

/** The names an operation's Zod object takes (its shape's keys), or none. */
function namesOf(schema: Operation["body"]): string[] {
  return schema ? Object.keys(schema.shape) : [];
}

/** A generated call of an operation: its path parameters, query and body, each right, wrong or hostile. */
function apiRequest(operation: Operation): fc.Arbitrary<{ path: string; init: RequestInit }> {
  const parameter = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...knownValues) }, { weight: 1, arbitrary: hostileText(200) });
  const parameterNames = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const queryNames = [...namesOf(operation.query), "page", "pageSize"];
  const bodyNames = namesOf(operation.body);
  const query = fc.array(fc.tuple(fc.constantFrom(...queryNames, ...forbiddenFieldNames), hostileText(2_000)), { maxLength: 4 });
  const jsonBody = fc.dictionary(fc.constantFrom(...bodyNames, ...forbiddenFieldNames, "extra"), hostileJson(MAX_BODY_BYTES), {
    maxKeys: 6,
  });
  const body: fc.Arbitrary<{ contentType: string | null; body: BodyInit | undefined }> = fc.oneof(
    { weight: 4, arbitrary: jsonBody.map((value) => ({ contentType: "application/json", body: JSON.stringify(value) })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { contentType: "application/json", body: "{ not json" },
        { contentType: "application/json", body: '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}' },
        { contentType: "application/json", body: "[1, 2, 3]" },
        { contentType: "application/json", body: '"text"' },
        { contentType: "text/plain", body: "role=admin" },
        { contentType: null, body: undefined },
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom(...bodyNames, ...forbiddenFieldNames, "file"), hostileText(2_000)), { maxLength: 5 })
        .chain((pairs) => fc.constantFrom(...brokenBodyKinds).map((kind) => brokenBody(pairs, kind)))
        .map((raw) => ({ contentType: raw.contentType, body: new Uint8Array(raw.body) })),
    },
  );
  return fc.record({ parameters: fc.tuple(...parameterNames.map(() => parameter)), query, body }).map(({ parameters, query, body }) => {
    let path = operation.path;
    parameterNames.forEach((name, index) => {
      path = path.replace(`{${name}}`, encodeURIComponent(wellFormed(parameters[index] ?? "")));
    });
    const search = new URLSearchParams(query).toString();
    const headers: Record<string, string> = {};
    if (body.contentType) headers["Content-Type"] = body.contentType;
    const hasBody = operation.method !== "GET";
    return {
      path: search ? `${path}?${search}` : path,
      init: { method: operation.method, headers, body: hasBody ? body.body : undefined },
    };
  });
}
