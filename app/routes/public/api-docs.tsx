import { getConfig } from "~/.server/config";
import { Page } from "~/components/layout/page";
import { Card } from "~/components/ui/card";
import { TextLink } from "~/components/ui/text-link";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { openApiDocument } from "../api/v1/openapi.server";
import { operations } from "../api/v1/operations.server";
import type { Route } from "./+types/api-docs";

/** Anonymous visitors share one rendering (server/html-cache.ts): the reference changes only with a release. */
export const headers = sharedPage();

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

/**
 * GET /api/docs: the JSON API's reference, read from the same OpenAPI document the API serves
 * (/api/v1/openapi.json), rendered here as a page: no script, nothing fetched from elsewhere.
 */
export function loader() {
  const document = openApiDocument(operations, getConfig().appUrl);
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
    <div className="mt-3">
      {/* Fixed columns whose text wraps anywhere: no sideways scrolling on a phone. */}
      <table className="w-full table-fixed text-left text-sm [overflow-wrap:anywhere]">
        <caption className="mb-1 text-left font-semibold text-slate-800">{caption}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Name
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 font-medium">
              Notes
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className="border-t border-slate-200 align-top">
              <td className="py-1 pr-3 font-mono text-slate-900">
                {field.name}
                {field.required ? <span className="text-red-700"> *</span> : null}
              </td>
              <td className="py-1 pr-3 text-slate-700">{field.type}</td>
              <td className="py-1 text-slate-700">{field.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ApiDocsPage({ loaderData }: Route.ComponentProps) {
  const { server, tags } = loaderData;
  return (
    <Page
      title="Onward API"
      intro="Everything the pages do, as JSON, under the same rules. Sign in with POST /auth/login and send the token as Authorization: Bearer <token>."
    >
      <div className="grid gap-3 text-slate-800">
        <p>
          Base address: <code className="break-all font-mono">{server}</code>. The machine-readable document:{" "}
          <TextLink href="/api/v1/openapi.json">/api/v1/openapi.json</TextLink> (OpenAPI 3.1).
        </p>
        <p>
          Every answer is an envelope: <code className="break-all font-mono">{'{"status":"Success","data":…,"meta":…}'}</code> or{" "}
          <code className="break-all font-mono">{'{"status":"Error","error":{"code","message","fields"}}'}</code>. Lists take{" "}
          <code className="font-mono">page</code> and <code className="font-mono">pageSize</code> (at most 100). Fields marked * are
          required.
        </p>
        <nav aria-label="Sections">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {tags.map(({ tag }) => (
              <li key={tag}>
                <TextLink href={`#${tag.toLowerCase()}`}>{tag}</TextLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {tags.map(({ tag, operations: entries }) => (
        <section key={tag} aria-labelledby={tag.toLowerCase()} className="mt-10">
          <h2 id={tag.toLowerCase()} className="text-2xl font-semibold text-slate-900">
            {tag}
          </h2>
          <div className="mt-4 grid gap-4">
            {entries.map((entry) => (
              <Card key={entry.id} className="min-w-0 p-4 sm:p-6">
                <h3 id={entry.id} className="break-words font-mono text-base text-slate-900">
                  <span className="mr-2 rounded bg-slate-900 px-2 py-0.5 text-sm font-semibold text-white">{entry.method}</span>
                  {entry.path}
                </h3>
                <p className="mt-2 font-semibold text-slate-900">{entry.summary}</p>
                {entry.description.split("\n\n").map((paragraph) => (
                  <p key={paragraph} className="mt-1 text-sm text-slate-700">
                    {paragraph}
                  </p>
                ))}
                <FieldTable caption="Parameters" fields={entry.parameters} />
                {entry.body ? <FieldTable caption={`Body (${entry.body.type})`} fields={entry.body.fields} /> : null}
                <FieldTable caption={`${entry.success.status}: data (${entry.success.type})`} fields={entry.success.fields} />
                <p className="mt-3 text-sm text-slate-700">Refusals: {entry.refusals.join(", ")}</p>
              </Card>
            ))}
          </div>
        </section>
      ))}
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/api/docs",
    title: "API reference",
    description: "The Onward JSON API: operations, fields, tokens and the envelope.",
  });
