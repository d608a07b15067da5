import type { AppLoadContext } from "react-router";
import { getApiUser, mustEnrollTwoFactor, type SessionUser, TWO_FACTOR_REQUIRED } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import { AppError, CORRECT_THE_MARKED_FIELDS } from "~/.server/errors";
import { readForm } from "~/.server/read-form";
import { recordAuditEvent } from "~/.server/users/audit";
import { API_PREFIX } from "~/lib/api-envelope";
import { hasRole } from "~/lib/roles";
import type { Operation } from "./operation.server";
import { ApiRefusal, apiErrorResponse, apiFailure, apiSuccess, NOT_A_FIELD, parseStrict, readJsonBody } from "./respond.server";

type Route = { operation: Operation; pattern: RegExp; names: string[] };

/**
 * Each operation's path as a pattern: `{name}` matches one segment. Paths with fewer parameters
 * come first, so that a literal segment wins: /universities/export.csv is no university's slug.
 */
export function routesOf(operations: readonly Operation[]): Route[] {
  const routes = operations.map((operation) => {
    const names: string[] = [];
    const source = operation.path
      .split("/")
      .map((segment) => {
        const name = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!name) return segment.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
        names.push(name);
        return "([^/]+)";
      })
      .join("/");
    return { operation, pattern: new RegExp(`^${source}$`), names };
  });
  return routes.sort((first, second) => first.names.length - second.names.length);
}

export const SIGN_IN_WITH_TOKEN = "Sign in first: send the token from POST /api/v1/auth/login as `Authorization: Bearer <token>`.";
export const NOT_YOUR_ROLE = "Your account may not do this.";

/** Who may call: null when allowed, else the refusal. */
async function refuseCaller(operation: Operation, user: SessionUser | null, request: Request, path: string): Promise<Response | null> {
  const { access } = operation;
  if (access === "anyone") return null;
  if (!user)
    return apiFailure("UNAUTHENTICATED", SIGN_IN_WITH_TOKEN, { request, headers: { "WWW-Authenticate": 'Bearer realm="onward"' } });
  if (mustEnrollTwoFactor(user) && !operation.beforeTwoFactor) return apiFailure("FORBIDDEN", TWO_FACTOR_REQUIRED, { request });
  if (access === "signed-in" || ("allows" in access ? access.allows(user) : hasRole(user.role, access))) return null;
  await recordAuditEvent({ action: "access.refused", actorId: user.id, detail: { path, role: user.role } });
  return apiFailure("FORBIDDEN", NOT_YOUR_ROLE, { request });
}

/**
 * Answers one call under /api/v1/: finds its operation (404, or 405 with `Allow` for a known path),
 * checks the caller before anything of the request is read, then its path parameters, query and
 * body, and runs it. Every answer is the envelope; no input makes a 5xx unless our code fails.
 */
export async function dispatch(routes: Route[], request: Request, context: AppLoadContext): Promise<Response> {
  const response = await answer(routes, request, context);
  return withCors(request, response);
}

/**
 * CORS, only for the origins API_CORS_ORIGINS lists (none by default): their pages may call the API
 * with a bearer token; a preflight (OPTIONS) is answered here. Cookies are never credentials here,
 * so no `Allow-Credentials`.
 */
function withCors(request: Request, response: Response): Response {
  const origin = request.headers.get("Origin");
  if (!origin || !getConfig().apiCorsOrigins.includes(origin)) return response;
  const headers = new Headers(response.headers);
  headers.set("Access-Control-Allow-Origin", origin);
  headers.append("Vary", "Origin");
  headers.set("Access-Control-Expose-Headers", "Retry-After, WWW-Authenticate, Allow");
  if (request.method === "OPTIONS") {
    headers.set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE");
    headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type");
    headers.set("Access-Control-Max-Age", "600");
  }
  return new Response(response.body, { status: response.status, headers });
}

async function answer(routes: Route[], request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url);
  const path = `/${url.pathname.slice(API_PREFIX.length)}`.replace(/\/+$/, "") || "/";
  const matches = routes.flatMap((route) => {
    const found = route.pattern.exec(path);
    return found ? [{ route, values: found.slice(1) }] : [];
  });
  if (matches.length === 0) return apiFailure("NOT_FOUND", "There is no such resource.", { request });
  if (request.method === "OPTIONS") {
    const allow = [...new Set(matches.map(({ route }) => route.operation.method))].join(", ");
    return new Response(null, { status: 204, headers: { Allow: allow, "Cache-Control": "no-store" } });
  }
  const method = request.method === "HEAD" ? "GET" : request.method;
  const match = matches.find(({ route }) => route.operation.method === method);
  if (!match) {
    const allow = [...new Set(matches.map(({ route }) => route.operation.method))].join(", ");
    return apiFailure("METHOD_NOT_ALLOWED", `This resource takes ${allow}.`, { request, headers: { Allow: allow } });
  }
  const { operation } = match.route;
  try {
    const user = await getApiUser(request);
    const refused = await refuseCaller(operation, user, request, url.pathname);
    if (refused) return refused;
    const rawParams: Record<string, string> = {};
    match.route.names.forEach((name, index) => {
      rawParams[name] = decodeSegment(match.values[index] ?? "");
    });
    const params = operation.params ? pathParams(operation.params, rawParams) : {};
    const query = operation.query ? parseStrict(operation.query, firstValues(url.searchParams)) : {};
    const sent = operation.form
      ? await readApiForm(request, operation.form)
      : { values: operation.body ? asFormValues(await readJsonBody(request)) : {}, file: null };
    const rawBody = sent.values;
    const body = operation.body ? parseStrict(operation.body, rawBody) : {};
    if (
      !operation.body &&
      !operation.takesFile &&
      method !== "GET" &&
      method !== "DELETE" &&
      (request.headers.get("Content-Length") ?? "0") !== "0"
    ) {
      throw new AppError("INVALID", "This call takes no body.");
    }
    // refuseCaller let a null user through only where `access` is "anyone", whose `run` takes null.
    const result = await operation.run({
      request,
      params,
      query,
      body,
      rawBody,
      file: sent.file,
      user: user as SessionUser,
      clientIp: context.clientIp,
    });
    if (result instanceof Response) return result;
    return apiSuccess(result.data, { meta: result.meta, status: result.status ?? operation.status, headers: result.headers });
  } catch (error) {
    return apiErrorResponse(error, request);
  }
}

/** A path segment, percent-decoded; a broken escape stays as it was (and then matches nothing). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The query's names with their first value (a repeated name does not make a list). No prototype,
 * so that `__proto__` is a name like any other, and refused as one the operation does not take.
 */
function firstValues(search: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const [name, value] of search) values[name] ??= value;
  return values;
}

/**
 * The body as the forms' schemas read it: they take what a form posts, text, so a number sent as
 * a JSON number (`"ieltsOverall": 6.5`) is read as the text a form would have posted ("6.5").
 */
function asFormValues(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, typeof value === "number" ? String(value) : value]));
}

/** The path's parameters, checked: one that cannot name anything (an unknown document field) is a 404, not a malformed request. */
function pathParams<S extends Operation["params"] & object>(schema: S, values: Record<string, string>) {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  throw new ApiRefusal("NOT_FOUND", result.error.issues[0]?.message ?? "There is no such resource.");
}

const formTypes = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

/**
 * A page's form sent to the API (multipart, for the picture): its text fields, each name once, and
 * the picture under `form.file`. Another file, or a name given twice, is refused by name.
 */
async function readApiForm(request: Request, form: { file: string; maxBytes: number }) {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!formTypes.has(type))
    throw new ApiRefusal("UNSUPPORTED_MEDIA_TYPE", "This address takes the form as multipart/form-data (the picture under its field).");
  const data = await readForm(request, form.maxBytes);
  const values: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  let file: Buffer | null = null;
  for (const [name, value] of data) {
    if (name === form.file && typeof value !== "string") {
      if (value.size > 0) file = Buffer.from(await value.arrayBuffer());
    } else if (typeof value !== "string") problems[name] = NOT_A_FIELD;
    else if (name in values) problems[name] = "Send this field once.";
    else values[name] = value;
  }
  if (Object.keys(problems).length > 0) throw new AppError("INVALID", CORRECT_THE_MARKED_FIELDS, { fieldErrors: problems });
  return { values, file };
}
