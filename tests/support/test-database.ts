import { randomBytes } from "node:crypto";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase, pgliteExtensions, wrapPglite } from "~/.server/db/client";
import { adminQuery } from "./admin-query";

export type DatabaseTemplate = { kind: "pglite"; path: string } | { kind: "postgres"; url: string; name: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export const databaseKind = () => inject("databaseTemplate").kind;

/**
 * A fresh, migrated database for one test file: PGlite loaded from the template that
 * global-setup made, or, when TEST_DATABASE_URL is set, a new PostgreSQL database
 * cloned from the template database. Closing it drops the PostgreSQL copy.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject("databaseTemplate");
  if (template.kind === "pglite") {
    const client = await PGlite.create({ loadDataDir: await templateBlob(template.path), extensions: pgliteExtensions });
    return wrapPglite(client);
  }
  const copy = await copyPostgresTemplate(template);
  const handle = await openDatabase({ databaseUrl: copy.url, dataDir: "" });
  return {
    ...handle,
    async close() {
      await handle.close();
      await copy.drop();
    },
  };
}

/**
 * Environment for a server process with its own fresh database: a DATA_DIR holding a
 * migrated PGlite, or a new PostgreSQL database. `cleanup` drops the PostgreSQL copy.
 */
export async function createServerEnvironment(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const template = inject("databaseTemplate");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "onward-data-"));
  if (template.kind === "pglite") {
    const client = await PGlite.create(path.join(dataDir, "db"), {
      loadDataDir: await templateBlob(template.path),
      extensions: pgliteExtensions,
    });
    await client.close();
    return { env: { DATA_DIR: dataDir }, cleanup: async () => {} };
  }
  const copy = await copyPostgresTemplate(template);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: copy.url, SESSION_SECRET: randomBytes(24).toString("hex") },
    cleanup: copy.drop,
  };
}

async function templateBlob(file: string): Promise<Blob> {
  return new Blob([await readFile(file)]);
}

async function copyPostgresTemplate(template: { url: string; name: string }) {
  const name = `onward_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(template.url, `create database ${name} template ${template.name}`);
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(template.url, `drop database if exists ${name} with (force)`),
  };
}
