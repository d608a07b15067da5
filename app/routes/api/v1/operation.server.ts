import type { z } from "zod";
import type { SessionUser } from "~/.server/auth/session";
import type { ApiMeta } from "~/lib/api-envelope";
import type { Role } from "~/lib/roles";

/**
 * One operation of the JSON API (ADR 033): its method and path, who may call it, the schemas of
 * its path parameters, query and JSON body (the forms' own schemas from app/lib/schemas wherever a
 * form exists), the schema of its `data`, and `run`, which calls the domain function the page
 * calls. The router checks who is calling before it reads a body; the OpenAPI document is written
 * from these same objects, so it cannot drift from what is served.
 */
export type Access = "anyone" | "signed-in" | readonly Role[] | { who: string; allows: (user: SessionUser) => boolean };
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

// biome-ignore lint/suspicious/noExplicitAny: an operation's schemas are any Zod objects.
type AnyObject = z.ZodObject<any>;

export type OperationInput<P extends AnyObject, Q extends AnyObject, B extends AnyObject, A extends Access = Access> = {
  request: Request;
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  /** The JSON body as sent (already checked against `body`), for a domain function that reads a form's fields itself. */
  rawBody: Record<string, unknown>;
  /** With `form`: the picture sent under its field, or null. */
  file: Buffer | null;
  /** The caller: always there unless `access` is "anyone" (then null without a token). */
  user: A extends "anyone" ? SessionUser | null : SessionUser;
  clientIp: string;
};

/** What an operation answers: its `data`, a list's `meta`, and the status when it is not 200. */
export type OperationResult = { data: unknown; meta?: ApiMeta; status?: number; headers?: Record<string, string> };

export type Operation<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends AnyObject = AnyObject,
  A extends Access = Access,
> = {
  /** The OpenAPI operationId. */
  id: string;
  method: Method;
  /** Below /api/v1, with `{name}` for a path parameter: "/universities/{slug}". */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: A;
  params?: P;
  query?: Q;
  /** A JSON body; fields it does not name are refused, never ignored. With `form`, the form's text fields. */
  body?: B;
  /**
   * The body is the page's own multipart form instead of JSON: `body` checks its text fields and
   * `file` names its picture's field (JPEG, PNG or WebP, checked by the domain function). `maxBytes`
   * is the form's cap, as on the page; its path needs a route with that body limit (routes.ts).
   */
  form?: { file: string; maxBytes: number };
  /** The schema of `data` in the success envelope. */
  response: z.ZodType;
  /** The success status (200 unless said). */
  status?: number;
  /** A list: the answer carries `meta` (page, pageSize, total). */
  paginated?: boolean;
  /** The body is a multipart form carrying one file (the operation reads it itself, streaming). */
  takesFile?: boolean;
  /** The answer is a file (`run` returns the Response), not the envelope. */
  returnsFile?: boolean;
  /** With `returnsFile`: the file's media types, when it is not a document (a PDF or an image). */
  fileTypes?: readonly string[];
  /**
   * Open to a manager who must still turn on two-factor sign-in (REQUIRE_STAFF_TWO_FACTOR), as the
   * profile page is: who they are, signing out, and the set-up itself. Every other call is 403 until then.
   */
  beforeTwoFactor?: boolean;
  /** The refusals this operation may answer with besides the ones every operation has. */
  refusals?: readonly number[];
  run(input: OperationInput<P, Q, B, NoInfer<A>>): Promise<OperationResult | Response>;
};

export function defineOperation<P extends AnyObject, Q extends AnyObject, B extends AnyObject>(operation: Operation<P, Q, B>): Operation {
  return operation as unknown as Operation;
}
