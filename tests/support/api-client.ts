import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "vitest";

// A client of the JSON API for the tests over real HTTP (ADR 033): it calls an operation by its id,
// checks every answer against the server's own OpenAPI document, and remembers which operations
// were answered with a success, so that a test file can show it called each of its operations.

export type ApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
};

export type Answer = {
  status: number;
  headers: Headers;
  /** A file answer's bytes. */
  bytes?: Buffer;
  body: { status: string; data?: unknown; meta?: unknown; error?: { code: string; message: string; fields?: Record<string, string> } };
};

export type CallOptions = {
  /** The path below /api/v1 when it has parameters: "/universities/aalto-university". */
  path?: string;
  token?: string;
  json?: unknown;
  body?: string | FormData;
  headers?: Record<string, string>;
};

export type ApiClient = Awaited<ReturnType<typeof apiClient>>;

/** A JSON Pointer segment. */
const pointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

export async function apiClient(serverUrl: string) {
  const document = (await (await fetch(`${serverUrl}/api/v1/openapi.json`)).json()) as ApiDocument;
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema(document, "openapi");
  /** Every operation called, and those answered with a 2xx. */
  const called = new Set<string>();
  const succeeded = new Set<string>();

  /** Where an operation sits in the document. */
  function locate(operationId: string): { path: string; method: string } {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) if (operation.operationId === operationId) return { path, method };
    }
    throw new Error(`the document has no operation ${operationId}`);
  }

  /**
   * Calls an operation by its id, and checks the answer against the document: its status is one the
   * operation documents, and its body matches that status's schema.
   */
  async function call(operationId: string, options: CallOptions = {}): Promise<Answer> {
    const { path, method } = locate(operationId);
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers["Content-Type"] ??= "application/json";
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${serverUrl}/api/v1${options.path ?? path}`, { method: method.toUpperCase(), headers, body });
    called.add(operationId);
    if (response.ok) succeeded.add(operationId);
    const responses = (document.paths[path]?.[method]?.responses ?? {}) as Record<string, { content: Record<string, unknown> }>;
    expect(Object.keys(responses), `${operationId} documents ${response.status}`).toContain(String(response.status));
    const type = response.headers.get("Content-Type") ?? "";
    if (!type.startsWith("application/json")) {
      // A file: its type is one the operation documents for this status.
      const documented = Object.keys(responses[String(response.status)]?.content ?? {});
      expect(
        documented.some((entry) => entry === type || (entry.endsWith("/*") && type.startsWith(entry.slice(0, -1)))),
        `${type} in ${documented}`,
      ).toBe(true);
      return {
        status: response.status,
        headers: response.headers,
        body: { status: "File" },
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    }
    const answer: Answer = { status: response.status, headers: response.headers, body: await response.json() };
    const schema = `openapi#/paths/${pointer(path)}/${method}/responses/${answer.status}/content/application~1json/schema`;
    const validate = ajv.getSchema(schema);
    expect(validate, schema).toBeDefined();
    expect(validate?.(answer.body), JSON.stringify(validate?.errors)).toBe(true);
    return answer;
  }

  async function tokenOf(user: { email: string; password: string }): Promise<string> {
    const answer = await call("login", { json: { email: user.email, password: user.password } });
    expect(answer.status).toBe(200);
    return (answer.body.data as { token: string }).token;
  }

  return { document, locate, call, tokenOf, called, succeeded };
}
