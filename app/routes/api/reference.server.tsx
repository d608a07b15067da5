import { renderToStaticMarkup } from "react-dom/server";
import { getConfig } from "~/.server/config";
import { openApiDocument } from "./v1/openapi.server";
import { operations } from "./v1/operations.server";

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  description?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  contentEncoding?: string;
};
type Field = { name: string; type: string; required: boolean; note: string };

/** A schema's type in a few words: "string", "one of accepted, rejected", "array of object", "integer or null". */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of ${schema.enum.map(String).join(", ")}`;
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" or ");
  if (schema.contentEncoding === "binary") return "file";
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? "any"];
  return types
    .map((type) => (type === "array" ? `array of ${typeOf(schema.items)}` : schema.format ? `${type} (${schema.format})` : type))
    .join(" or ");
}

function fieldsOf(schema: Schema | undefined): Field[] {
  return Object.entries(schema?.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: (schema?.required ?? []).includes(name),
    note: [property.description, property.maxLength ? `at most ${property.maxLength} characters` : null].filter(Boolean).join("; "),
  }));
}

/** The reference's sections, from the document the API serves. */
function referenceOf(document: ReturnType<typeof openApiDocument>) {
  const entries = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const op = operation as {
        operationId: string;
        tags: string[];
        summary: string;
        description: string;
        parameters: { name: string; in: string; required: boolean; schema: Schema }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses: Record<string, { description: string; content: Record<string, { schema: Schema }> }>;
      };
      const [bodyType, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      const [status, success] = Object.entries(op.responses)[0] ?? [];
      const data = success?.content["application/json"]?.schema.properties?.data;
      return {
        id: op.operationId,
        tag: op.tags[0] ?? "Other",
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description,
        parameters: op.parameters.map((parameter) => ({
          name: parameter.name,
          type: typeOf(parameter.schema),
          required: parameter.required,
          note: parameter.in,
        })),
        body: body ? { type: bodyType ?? "", fields: fieldsOf(body.schema) } : null,
        success: {
          status: status ?? "200",
          type: data?.type === "array" ? `array of ${typeOf(data.items)}` : typeOf(data),
          fields: fieldsOf(data?.type === "array" ? data.items : data),
        },
        refusals: Object.keys(op.responses).slice(1),
      };
    }),
  );
  const tags = [...new Set(entries.map((entry) => entry.tag))];
  return {
    server: document.servers[0]?.url ?? "/api/v1",
    tags: tags.map((tag) => ({ tag, operations: entries.filter((entry) => entry.tag === tag) })),
  };
}

function FieldTable({ caption, fields }: { caption: string; fields: Field[] }) {
  if (fields.length === 0) return null;
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.name}>
            <td>
              <code>{field.name}</code>
              {field.required ? <span className="required"> *</span> : null}
            </td>
            <td>{field.type}</td>
            <td>{field.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The calls the original web client made (the spec's §7), each with the route that does its job here. */
const originalCalls: [original: string, now: string][] = [
  ["POST /users/user/login {email, password}", "POST /auth/login"],
  [
    "POST /users {name, email, password, confirmPassword}",
    "POST /users (202 alike for a new and a taken e-mail; no token until the e-mail is confirmed)",
  ],
  ["POST /apply (the application)", "PUT /me/application/documents/{field} for each document, then POST /me/application/submit"],
  ["GET /apply/", "GET /me/applications (one's own); GET /applications (staff)"],
  ["GET /apply/{id}", "GET /applications/{id}; GET /applications/{id}/documents/{field} for a file"],
  ["PATCH /apply/{id} {status}", "POST /applications/{id}/status"],
  ["GET /universities", "GET /universities (every finder filter); GET /universities/{slug}"],
  ["POST /universities", "POST /universities (the form, with its logo)"],
  ["GET /consultants", "GET /consultants"],
  [
    "GET /consultants/{email} (slots, booked)",
    "GET /consultants/{id} (free slots); GET /me/slots and GET /me/appointments (the consultant's own)",
  ],
  ["POST /consultants (with an image URL)", "POST /consultants (the form, with the picture itself)"],
  ["PATCH /consultants/{email} {…, slot, operation: 'book slot'}", "POST /consultants/{id}/bookings"],
  ["PATCH /consultants/{email} {slot, operation: 'add slot'}", "POST /me/slots"],
  ["PATCH /consultants/{email} {id, operation: 'delete slot'}", "DELETE /me/slots/{id}"],
  ["PATCH /consultants/{email} {id, operation: 'booking status', status}", "POST /bookings/{id}/status"],
  ["GET /users/{email}", "GET /me (one's own); GET /users/{id} (managers)"],
  ["GET /users/", "GET /users"],
  ["PATCH /users/{email} {role}", "PUT /users/{id}/role"],
  ["PATCH /users/{email} {name, address, phone, profile}", "PATCH /me"],
  ["GET /networkings", "GET /networking (the directory); GET /networking-members (managers)"],
  ["GET /networkings/{id}", "GET /networking-members/{id}"],
  ["POST /networkings (nine fields)", "POST /networking-members (the form, with the photo)"],
  ["PUT /networkings/{id} (an edit, or {status})", "PATCH /networking-members/{id}; PUT /networking-members/{id}/status"],
  ["DELETE /networkings/{id}", "DELETE /networking-members/{id}"],
];

/** The page's own few rules: it stands alone (no script, no other file), readable from 320 px up. */
const styles = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#0f172a;background:#f8fafc}
header,main{max-width:72rem;margin:0 auto;padding:1rem}header{display:flex;gap:1rem;align-items:baseline;flex-wrap:wrap}
a{color:#1e40af;font-weight:600}a:focus-visible{outline:3px solid #1e40af;outline-offset:2px}
h1{font-size:2rem;margin:.5rem 0}h2{font-size:1.5rem;margin:2.5rem 0 1rem}h3{font:600 1rem/1.4 ui-monospace,Menlo,Consolas,monospace;margin:0;overflow-wrap:anywhere}
code{font-family:ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.method{display:inline-block;margin-right:.5rem;padding:0 .5rem;border-radius:.25rem;background:#0f172a;color:#fff}
article{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem 1.25rem;margin-bottom:1rem}
article p{margin:.25rem 0;color:#334155;font-size:.875rem}.summary{font-weight:600;color:#0f172a!important;font-size:1rem!important}
table{width:100%;table-layout:fixed;border-collapse:collapse;margin-top:.75rem;font-size:.875rem;overflow-wrap:anywhere}
caption{text-align:left;font-weight:600;margin-bottom:.25rem}th{text-align:left;font-weight:500;color:#475569}
th:nth-child(1){width:34%}th:nth-child(2){width:33%}td,th{padding:.25rem .75rem .25rem 0;vertical-align:top}tbody tr{border-top:1px solid #e2e8f0}
.required{color:#b91c1c}nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none}
`;

function Reference({ server, tags }: ReturnType<typeof referenceOf>) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>API reference — Onward</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="description" content="The Onward JSON API: operations, fields, tokens and the envelope." />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant style sheet */}
        <style dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>
        <header>
          <a href="/">Onward</a>
          <a href="/api/v1/openapi.json">OpenAPI document</a>
        </header>
        <main>
          <h1>Onward API</h1>
          <p>
            Everything the pages do, as JSON, under the same rules. Sign in with <code>POST /auth/login</code> and send the token as{" "}
            <code>Authorization: Bearer &lt;token&gt;</code>. Base address: <code>{server}</code>; the machine-readable document is{" "}
            <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).
          </p>
          <p>
            Every answer is an envelope: <code>{'{"status":"Success","data":…,"meta":…}'}</code> or{" "}
            <code>{'{"status":"Error","error":{"code","message","fields"}}'}</code>. Lists take <code>page</code> and <code>pageSize</code>{" "}
            (at most 100). Fields marked * are required.
          </p>
          <nav aria-label="Sections">
            <ul>
              <li>
                <a href="#original-calls">From the original client</a>
              </li>
              {tags.map(({ tag }) => (
                <li key={tag}>
                  <a href={`#${tag.toLowerCase()}`}>{tag}</a>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="original-calls">
            <h2 id="original-calls">From the original client's calls</h2>
            <table>
              <caption>Each call the first web client made, and the route that does its job now</caption>
              <thead>
                <tr>
                  <th scope="col">Then</th>
                  <th scope="col">Now (below /api/v1)</th>
                </tr>
              </thead>
              <tbody>
                {originalCalls.map(([original, now]) => (
                  <tr key={original}>
                    <td>
                      <code>{original}</code>
                    </td>
                    <td>{now}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {tags.map(({ tag, operations: entries }) => (
            <section key={tag} aria-labelledby={tag.toLowerCase()}>
              <h2 id={tag.toLowerCase()}>{tag}</h2>
              {entries.map((entry) => (
                <article key={entry.id} aria-labelledby={entry.id}>
                  <h3 id={entry.id}>
                    <span className="method">{entry.method}</span>
                    {entry.path}
                  </h3>
                  <p className="summary">{entry.summary}</p>
                  {entry.description.split("\n\n").map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  <FieldTable caption="Parameters" fields={entry.parameters} />
                  {entry.body ? <FieldTable caption={`Body (${entry.body.type})`} fields={entry.body.fields} /> : null}
                  <FieldTable caption={`${entry.success.status}: data (${entry.success.type})`} fields={entry.success.fields} />
                  <p>Refusals: {entry.refusals.join(", ")}</p>
                </article>
              ))}
            </section>
          ))}
        </main>
      </body>
    </html>
  );
}

let rendered: { serverUrl: string; html: string } | undefined;

/**
 * The JSON API's reference as one HTML document, from the same OpenAPI document the API serves:
 * rendered once per process (it changes only with a release), no script, nothing from elsewhere.
 */
export function referenceHtml(): string {
  const serverUrl = getConfig().appUrl;
  if (rendered?.serverUrl !== serverUrl) {
    const html = `<!DOCTYPE html>${renderToStaticMarkup(<Reference {...referenceOf(openApiDocument(operations, serverUrl))} />)}`;
    rendered = { serverUrl, html };
  }
  return rendered.html;
}
