import { z } from "zod";
import { apiErrorStatuses } from "~/lib/api-envelope";
import type { Operation } from "./operation.server";
import { MAX_PAGE_SIZE } from "./respond.server";

type JsonSchema = Record<string, unknown>;

/** A Zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client sends it (inputs) or reads it (outputs). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  return rest;
}

const errorSchema: JsonSchema = {
  type: "object",
  required: ["status", "error"],
  properties: {
    status: { const: "Error" },
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { enum: Object.keys(apiErrorStatuses) },
        message: { type: "string" },
        fields: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "Each field's problem, in the words the form shows.",
        },
      },
    },
  },
};

const metaSchema: JsonSchema = {
  type: "object",
  required: ["page", "pageSize", "total"],
  properties: {
    page: { type: "integer", minimum: 1 },
    pageSize: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE },
    total: { type: "integer" },
  },
};

const refusalWords: Record<number, string> = {
  400: "The request's values are refused (each field's problem in `error.fields`).",
  401: "No valid token.",
  403: "The caller's role may not do this, or (with REQUIRE_STAFF_TWO_FACTOR) a manager must turn on two-factor sign-in first.",
  404: "No such resource.",
  409: "A conflict with the resource's state.",
  413: "The body is too large.",
  415: "The body is not JSON.",
  429: "Too many attempts: wait for `Retry-After` seconds.",
  500: "A fault on our side.",
};

function parametersOf(operation: Operation) {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", operation.params],
    ["query", operation.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      parameters.push({ name, in: where, required: where === "path" || (object.required ?? []).includes(name), schema: property });
    }
  }
  return parameters;
}

function responsesOf(operation: Operation) {
  const data = jsonSchema(operation.response, "output");
  const success: JsonSchema = {
    type: "object",
    required: operation.paginated ? ["status", "data", "meta"] : ["status", "data"],
    properties: { status: { const: "Success" }, data, ...(operation.paginated ? { meta: metaSchema } : {}) },
  };
  const statuses = new Set<number>([
    400,
    500,
    ...(operation.access === "anyone" ? [] : [401]),
    ...(operation.access !== "anyone" && !operation.beforeTwoFactor ? [403] : []),
  ]);
  if (operation.params) statuses.add(404);
  if (operation.body || operation.takesFile || operation.form) {
    statuses.add(413);
    statuses.add(415);
  }
  for (const status of operation.refusals ?? []) statuses.add(status);
  const file = { type: "string", contentEncoding: "binary" };
  const responses: Record<string, JsonSchema> = {
    [String(operation.status ?? 200)]: operation.returnsFile
      ? {
          description: operation.summary,
          content: Object.fromEntries((operation.fileTypes ?? ["application/pdf", "image/*"]).map((type) => [type, { schema: file }])),
        }
      : { description: operation.summary, content: { "application/json": { schema: success } } },
  };
  for (const status of [...statuses].sort()) {
    responses[String(status)] = {
      description: refusalWords[status] ?? "Refused.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  return responses;
}

/** A JSON body from the operation's schema, or one file in a multipart form under the path's `field`. */
function requestBodyOf(operation: Operation) {
  if (operation.takesFile) {
    const form = {
      type: "object",
      description: "One file under the field name the operation's description gives, as its page's form sends it.",
      additionalProperties: { type: "string", contentEncoding: "binary" },
    };
    return { requestBody: { required: true, content: { "multipart/form-data": { schema: form } } } };
  }
  if (operation.form && operation.body) {
    const fields = jsonSchema(operation.body.strict(), "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    const schema = {
      ...fields,
      properties: {
        ...fields.properties,
        [operation.form.file]: { type: "string", contentEncoding: "binary", description: "The picture: JPEG, PNG or WebP." },
      },
    };
    return { requestBody: { required: true, content: { "multipart/form-data": { schema } } } };
  }
  if (!operation.body) return {};
  return { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(operation.body.strict(), "input") } } } };
}

/** Who may call an operation, in words for its description. */
function whoMayCall(access: Operation["access"]): string {
  if (access === "anyone") return "Anyone; no token needed.";
  if (access === "signed-in") return "Anyone signed in.";
  if ("allows" in access) return `Only ${access.who}.`;
  return `Only these roles: ${access.join(", ")} (an admin counts as a manager).`;
}

const written = new WeakMap<readonly Operation[], { serverUrl: string; document: ReturnType<typeof writeDocument> }>();

/**
 * The OpenAPI 3.1 document of `operations`, written from their own schemas once per process (it
 * changes only with a release): the reference page and /api/v1/openapi.json read the same object.
 */
export function openApiDocument(operations: readonly Operation[], serverUrl: string) {
  const known = written.get(operations);
  if (known?.serverUrl === serverUrl) return known.document;
  const document = writeDocument(operations, serverUrl);
  written.set(operations, { serverUrl, document });
  return document;
}

function writeDocument(operations: readonly Operation[], serverUrl: string) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    const item = paths[operation.path] as Record<string, JsonSchema>;
    item[operation.method.toLowerCase()] = {
      operationId: operation.id,
      tags: [operation.tag],
      summary: operation.summary,
      description: [operation.description, `Who may call: ${whoMayCall(operation.access)}`].filter(Boolean).join("\n\n"),
      ...(operation.access === "anyone" ? { security: [] } : {}),
      parameters: parametersOf(operation),
      ...requestBodyOf(operation),
      responses: responsesOf(operation),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Onward API",
      version: "1.0.0",
      description:
        "Everything the pages do, as JSON, under the same rules. Every answer is an envelope: " +
        '`{ "status": "Success", "data": …, "meta"? }` or `{ "status": "Error", "error": { "code", "message", "fields"? } }`. ' +
        "Sign in with POST /auth/login and send the token as `Authorization: Bearer <token>`.",
    },
    servers: [{ url: `${serverUrl.replace(/\/+$/, "")}/api/v1` }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "The token from POST /auth/login." } },
      schemas: { Error: errorSchema },
    },
  };
}
