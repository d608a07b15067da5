import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "./server-process";

/** Where the bundle is written: beside the compiled messages, whose runtime it imports (vitest.config.ts aliases this path). */
const messagesBundle = path.join(projectRoot, "app", "paraglide", "messages.bundle.js");

/**
 * The compiled messages (app/paraglide/messages.js and its 3,400 modules, one per message) as one module, which
 * vitest.config.ts loads in their place. Vitest's module runner takes each module on its own, some 10 s of every
 * worker's and every own-process file's start; one file takes a fraction of that. The runtime stays a module of its
 * own (imported from the bundle as "./runtime.js"), so that the app and the messages share one locale. Written only
 * when it changed, and by renaming, so that a reader never sees half a file.
 */
export async function bundleMessages() {
  const result = await build({
    entryPoints: [path.join(projectRoot, "app", "paraglide", "messages.js")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "warning",
    plugins: [
      {
        name: "runtime-stays-shared",
        setup(build) {
          build.onResolve({ filter: /(^|\/)runtime\.js$/ }, () => ({ path: "./runtime.js", external: true }));
        },
      },
    ],
  });
  const text = result.outputFiles[0]?.text ?? "";
  const current = await readFile(messagesBundle, "utf8").catch(() => "");
  if (text === current) return;
  const partial = `${messagesBundle}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, messagesBundle);
}
