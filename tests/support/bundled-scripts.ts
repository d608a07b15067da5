import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "./server-process";

/**
 * Bundles TypeScript scripts (the browser tests' seeding) into one plain module each, in a fresh folder under
 * node_modules/.cache (inside the project, so that their packages resolve from node_modules, and app/.server's
 * projectPath() finds the repository root). Run by Node alone, a bundle starts in about a second where tsx took
 * some ten on our two-core VMs: tsx's loader takes each of the app's modules, the 3,400 compiled messages
 * included, one by one. Answers each entry's bundle, by the entry's path, and how to remove them.
 */
export async function bundleScripts(entries: string[]): Promise<{ scripts: Record<string, string>; remove: () => Promise<void> }> {
  const cache = path.join(projectRoot, "node_modules", ".cache", "onward");
  await mkdir(cache, { recursive: true });
  const outdir = await mkdtemp(path.join(cache, "scripts-"));
  await build({
    entryPoints: Object.fromEntries(entries.map((entry, index) => [String(index), path.join(projectRoot, entry)])),
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "~": path.join(projectRoot, "app") },
    logLevel: "warning",
  });
  return {
    scripts: Object.fromEntries(entries.map((entry, index) => [entry, path.join(outdir, `${index}.mjs`)])),
    remove: () => rm(outdir, { recursive: true, force: true }),
  };
}
