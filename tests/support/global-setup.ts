import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { adminQuery } from "./admin-query";
import { bundleScripts, runScript } from "./bundled-scripts";
import { bundleMessages } from "./messages-bundle";
import { cachedTemplate } from "./template-cache";

/**
 * Makes one migrated template database, so each test file starts from a copy (≈0.6 s) instead of
 * creating and migrating its own (≈5 s on PGlite): on PostgreSQL one per run, on PGlite a file
 * kept between runs while nothing that shapes it changes (template-cache.ts).
 */
export default async function setup(project: TestProject) {
  // The translated messages (app/paraglide/), as the build compiles them; in a process of its own,
  // as the compiler leaves handles open that would keep this one from exiting.
  const compiled = spawnSync(process.execPath, ["scripts/lib/messages.mjs"], { stdio: "inherit" });
  if (compiled.status !== 0) throw new Error("Compiling the messages failed (scripts/lib/messages.mjs)");
  await bundleMessages();
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    const name = `onward_template_${randomBytes(4).toString("hex")}`;
    await adminQuery(databaseUrl, `create database ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    await makeTemplate(["postgres", url.toString()]);
    project.provide("databaseTemplate", { kind: "postgres", url: databaseUrl, name });
    return async () => {
      await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const tarball = await cachedTemplate((file) => makeTemplate(["pglite", file]));
  project.provide("databaseTemplate", { kind: "pglite", path: tarball });
}

/** Runs make-template.ts from a bundle, in a process of its own. */
async function makeTemplate(args: string[]) {
  const script = "tests/support/make-template.ts";
  const { scripts, remove } = await bundleScripts([script]);
  try {
    const { code, output } = await runScript(script, args, {}, { bundles: scripts });
    if (code !== 0) throw new Error(`Making the test template failed (${script} ${args[0]}, exit ${code}):\n${output}`);
  } finally {
    await remove();
  }
}
