import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "./server-process";

const cacheDir = path.join(projectRoot, "node_modules", ".cache", "onward");

/**
 * The migrated PGlite template kept between runs, named by a hash of everything that shapes it: the migrations, every
 * module of make-template.ts (found as esbuild bundles it), this file, PGlite's version, and the day (rows
 * carry the time they were made). A run whose inputs are unchanged takes the file as it is instead of migrating and
 * loading the catalogue again, some 20 s on our two-core VMs, which matters most to `npm run test:fast` and to running
 * one test file. `make` writes a new template to the path it is given; older templates are removed.
 */
export async function cachedTemplate(make: (file: string) => Promise<void>): Promise<string> {
  const file = path.join(cacheDir, `template-${await templateKey()}.tar`);
  if (existsSync(file)) return file;
  await mkdir(cacheDir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await make(partial);
  await rename(partial, file);
  const stale = (await readdir(cacheDir)).filter((name) => /^template-\w+\.tar$/.test(name) && name !== path.basename(file));
  await Promise.all(stale.map((name) => rm(path.join(cacheDir, name), { force: true })));
  return file;
}

async function templateKey(): Promise<string> {
  const { metafile } = await build({
    entryPoints: ["tests/support/make-template.ts"],
    absWorkingDir: projectRoot,
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    alias: { "~": path.join(projectRoot, "app") },
    logLevel: "silent",
  });
  const migrations = (await readdir(path.join(projectRoot, "drizzle"), { recursive: true })).map((name) => path.join("drizzle", name));
  const inputs = [
    ...Object.keys(metafile.inputs),
    ...migrations,
    "tests/support/template-cache.ts",
    "node_modules/@electric-sql/pglite/package.json",
  ].sort();
  const hash = createHash("sha256").update(new Date().toISOString().slice(0, 10));
  for (const input of inputs) {
    const full = path.join(projectRoot, input);
    if ((await stat(full)).isFile()) hash.update(input).update(await readFile(full));
  }
  return hash.digest("hex").slice(0, 16);
}
