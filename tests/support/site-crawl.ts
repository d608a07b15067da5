import type { RouteConfigEntry } from "@react-router/dev/routes";
import { bookSlot } from "~/.server/bookings/book-slot";
import { db } from "~/.server/db";
import { networkingMembers } from "~/.server/db/schema";
import routes from "~/routes";
import { createUser, type TestUser } from "./accounts";
import { createSubmittedApplication } from "./applications";
import { bookingContact, createConsultant, createSlot } from "./booking";
import { sessionOf } from "./members";
import type { ServerProcess } from "./server-process";
import { onServerDatabase, signInOverHttp } from "./server-users";

/**
 * The site as its visitors see it, for the tests that send input nobody meant to send
 * (bad-input-http, fuzz-http): a database with someone of every role and something for each
 * page to show, and a crawl of every path of app/routes.ts as each of them (path parameters filled
 * from links the pages show), recording every form a page renders.
 */
export type Identity = "anonymous" | "student" | "networking" | "consultant" | "manager" | "admin";
export const identities: Identity[] = ["anonymous", "student", "networking", "consultant", "manager", "admin"];
export type People = Record<Exclude<Identity, "anonymous">, TestUser>;

/** Someone of every role, a consultant with a free and a booked slot, a submitted application and a networking member. */
export async function seedProbeWorld(env: Record<string, string>): Promise<People> {
  return onServerDatabase(env, async () => {
    const made: Partial<Record<Identity, TestUser>> = {};
    for (const role of ["student", "networking", "manager", "admin"] as const) made[role] = await createUser({ role, verified: true });
    const consultant = await createConsultant({ manager: made.manager });
    made.consultant = consultant.user;
    await createSlot(consultant);
    // A pending booking, so that the consultant's and the student's booking forms show.
    const booked = await createSlot(consultant);
    await bookSlot({
      student: await sessionOf(made.student as TestUser),
      consultantId: consultant.consultant.id,
      fields: { slot: booked.id, ...bookingContact(made.student as TestUser) },
    });
    await createSubmittedApplication(await sessionOf(made.student as TestUser));
    await db().insert(networkingMembers).values({
      id: "probe-member",
      name: "Probe Member",
      company: "Somewhere",
      address: "Oslo",
      location: "Denmark",
      category: "Chef",
      email: "probe.member@example.com",
      phone: "+45 12 34 56 78",
      profession: "Chef",
      photo: "member-photos/probe-member/none.webp",
    });
    return made as People;
  });
}

/** Signs everyone in through the login form: their session cookies (none for anonymous). */
export async function signInEveryone(server: ServerProcess, people: People): Promise<Record<Identity, string>> {
  const cookies: Record<Identity, string> = { anonymous: "", student: "", networking: "", consultant: "", manager: "", admin: "" };
  for (const identity of identities) {
    if (identity !== "anonymous") cookies[identity] = await signInOverHttp(server, people[identity]);
  }
  return cookies;
}

export type Answer = { status: number; headers: Headers; body: string };

/** Sends a request as someone (their cookie), never following a redirect. */
export function sender(server: ServerProcess, cookies: Record<Identity, string>) {
  return async (pathAndQuery: string, identity: Identity, init: RequestInit = {}): Promise<Answer> => {
    const headers = new Headers(init.headers);
    if (cookies[identity]) headers.set("Cookie", cookies[identity]);
    const response = await fetch(`${server.url}${pathAndQuery}`, { redirect: "manual", ...init, headers });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
}

/** Runs `work` on every item, `width` of them at a time. */
export async function inTurns<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** Every path pattern of the route table ("/dashboard/applications/:id"), the catch-all as a made-up page. */
function routePatterns(entries: RouteConfigEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const joined = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.path !== undefined || entry.index ? [{ pattern: joined || "/", file: entry.file }] : [];
    return [...own, ...routePatterns(entry.children ?? [], joined)];
  });
}
/** A path for each splat route: the catch-all's 404, better-auth's error page, one resource of the JSON API. */
const splatPaths: Record<string, string> = { "/*": "/no-such-page", "/api/auth/*": "/api/auth/error", "/api/v1/*": "/api/v1/universities" };
export const table = routePatterns(routes as RouteConfigEntry[]).map(({ pattern, file }) => ({
  pattern: splatPaths[pattern] ?? pattern,
  file,
}));

export type PostForm = {
  identity: Identity;
  page: string;
  action: string;
  multipart: boolean;
  fields: { name: string; value: string; typed: boolean }[];
};

/** What a crawl found. */
export type Crawl = {
  /** A pattern's paths as found in links the pages show, or the pattern with made-up values when none links to it. */
  concrete: Map<string, string>;
  /** Per path, who may see it (answered 200 on a plain GET). */
  admitted: Map<string, Identity[]>;
  /** Per path, the query parameters its search forms send. */
  formQueryNames: Map<string, Set<string>>;
  /** Every distinct form that posts, per person who saw it. */
  postForms: PostForm[];
  /** The file inputs seen (their bytes are judged by their own tests: applications, pictures). */
  fileFields: Set<string>;
  /** Boxes and radio buttons seen unchecked (a browser posts only the checked ones, so these are not posted). */
  uncheckedChoices: Set<string>;
};

export function matcher(pattern: string): RegExp {
  const source = pattern.replace(/[.]/g, "\\.").replace(/:[A-Za-z]+/g, "[^/?#]+");
  return new RegExp(`^${source}$`);
}

const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
/** An attribute's or text's HTML entities as the page wrote them (the few React writes), undone. */
export const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The forms of a page: action, method and fields (inputs, selects with their first choice, textareas, named buttons). */
function formsOf(html: string, page: string, found: Pick<Crawl, "fileFields" | "uncheckedChoices">) {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attributes = "", inner = ""]) => {
    const method = (attribute(` ${attributes}`, "method") ?? "get").toLowerCase();
    const action = unescapeHtml(attribute(` ${attributes}`, "action") ?? page);
    const multipart = (attribute(` ${attributes}`, "encType") ?? attribute(` ${attributes}`, "enctype") ?? "").includes("multipart");
    const fields: PostForm["fields"] = [];
    const seen = new Set<string>();
    for (const [tag, kind] of inner.matchAll(/<(input|select|textarea|button)\b[^>]*>/g)) {
      const name = attribute(tag, "name");
      if (!name) continue;
      const type = (attribute(tag, "type") ?? (kind === "input" ? "text" : (kind ?? "text"))).toLowerCase();
      if (type === "file") {
        found.fileFields.add(name);
        continue;
      }
      if (["checkbox", "radio"].includes(type) && !/\schecked(=""|\s|>)/.test(tag)) {
        found.uncheckedChoices.add(name);
        continue;
      }
      if (seen.has(name)) continue;
      seen.add(name);
      let value = unescapeHtml(attribute(tag, "value") ?? "");
      if (kind === "select") {
        const rest = inner.slice(inner.indexOf(tag));
        value = unescapeHtml(attribute(rest.match(/<option\b[^>]*value="[^"]+"[^>]*>/)?.[0] ?? "", "value") ?? "");
      }
      // Passwords are taken exactly as typed (app/lib/form-text.ts), so only the other typed fields must say why.
      const typed = ["text", "email", "tel", "url", "search", "textarea", "select", "date", "time", "number"].includes(type);
      fields.push({ name, value: value || sample(name, type), typed });
    }
    return { method, action, multipart, fields };
  });
}

/** A plausible value for an empty field, so that the only fault in a post is the one put there. */
function sample(name: string, type: string): string {
  // The honeypot: a person leaves it empty (a filled one is dropped silently as a bot's).
  if (name === "website") return "";
  if (type === "email" || /email/i.test(name)) return "probe@example.com";
  if (type === "tel" || /phone/i.test(name)) return "+880 1711 000000";
  if (type === "url" || /url|linkedin|twitter|facebook|website/i.test(name)) return "https://example.com/probe";
  if (type === "date") return "2031-03-04";
  if (type === "time") return "10:30";
  if (type === "number") return "5";
  if (/password/i.test(name)) return "Probe-password-123";
  return "Probe text";
}

/** Parameters no page links to (the upload of one document is a form's target): a value that exists. */
const unlinkedParameters: Record<string, string> = { field: "passportSizePicture" };

/** Visits every path as everyone, following links to fill path parameters, and records the forms. */
export async function crawlSite(send: ReturnType<typeof sender>): Promise<Crawl> {
  const found: Crawl = {
    concrete: new Map(),
    admitted: new Map(),
    formQueryNames: new Map(),
    postForms: [],
    fileFields: new Set(),
    uncheckedChoices: new Set(),
  };
  const { concrete, admitted, formQueryNames, postForms } = found;
  const linked = new Set<string>();
  const record = (html: string, page: string, identity: Identity) => {
    for (const [, href = ""] of html.matchAll(/\shref="(\/[^"#]*)"/g)) linked.add(unescapeHtml(href).split("?")[0] ?? "");
    for (const form of formsOf(html, page, found)) {
      const target = form.action.split("?")[0] || page;
      if (form.method === "get") {
        const names = formQueryNames.get(target) ?? new Set<string>();
        for (const field of form.fields) names.add(field.name);
        formQueryNames.set(target, names);
      } else if (target !== "/logout") {
        const key = `${identity} ${target} ${form.fields.map((field) => field.name).join(",")}`;
        if (!postForms.some((known) => `${known.identity} ${known.action} ${known.fields.map((field) => field.name).join(",")}` === key)) {
          postForms.push({ identity, page, action: form.action, multipart: form.multipart, fields: form.fields });
        }
      }
    }
  };
  const visit = async (pathname: string) => {
    for (const identity of identities) {
      const answer = await send(pathname, identity);
      if (answer.status === 200) {
        admitted.set(pathname, [...(admitted.get(pathname) ?? []), identity]);
        if ((answer.headers.get("Content-Type") ?? "").includes("text/html")) record(answer.body, pathname, identity);
      }
    }
  };
  const withoutParameters = table.filter(({ pattern }) => !pattern.includes(":"));
  for (const { pattern } of withoutParameters) {
    concrete.set(pattern, pattern);
    await visit(pattern);
  }
  // The new-password form shows only with a token in the link (a made-up one is refused on posting).
  await visit("/reset-password?token=probe-token");
  // Patterns with parameters, filled from links (a second pass finds links only those pages show).
  for (let pass = 0; pass < 2; pass += 1) {
    for (const { pattern } of table.filter(({ pattern }) => pattern.includes(":") && !admitted.has(concrete.get(pattern) ?? ""))) {
      // A link that a fixed route answers (`/dashboard/universities/export.csv`) is not this pattern's.
      const link = [...linked].find((href) => matcher(pattern).test(href) && !withoutParameters.some((fixed) => fixed.pattern === href));
      const filled = link ?? pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => unlinkedParameters[name] ?? "no-such-thing");
      concrete.set(pattern, filled);
      if (link || pass === 1) await visit(filled);
    }
  }
  // A document's review form shows once its Review link (`?review={field}`) is followed.
  const staffApplication = concrete.get("/dashboard/applications/:id");
  if (staffApplication) await visit(`${staffApplication}?review=passportSizePicture`);
  return found;
}
