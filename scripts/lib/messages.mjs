// The translated messages (messages/{locale}/*.json, ADR 037) compiled by Paraglide JS into one
// typed function per message under app/paraglide/ (generated, not committed). The Vite build and
// development server compile them through the plugin; the tests (tests/support/global-setup.ts)
// and `npm run typecheck` through `compileMessages()`, which skips the compile when its inputs are
// those of the last one.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { compile } from "@inlang/paraglide-js";

export const messagesOptions = {
  project: "./project.inlang",
  outdir: "./app/paraglide",
  // The locale is the request's (app/.server/request-context.ts) on the server and the page's
  // <html lang> in the browser (app/lib/locale-client.ts): both set it with overwriteGetLocale.
  strategy: ["baseLocale"],
  // The browser builds fix the language (scripts/build.mjs builds the browser files once per
  // language, vite.config.ts defines this name in each): every message function then holds only
  // that language's text once minified. Node leaves it undefined: the server renders both.
  // This exact expression is the one the compiler takes unchecked (any other is wrapped in a check
  // that throws on undefined, as on the server); Vite's define replaces it, Rolldown inlines it.
  experimentalStaticLocale: "/** @type {any} */ (globalThis).__PARAGLIDE_STATIC_LOCALE__",
  // One module per message everywhere (the plugin's default for development is another layout, which
  // rewrote the folder under any process reading it), overwritten in place, not emptied first: a build,
  // the development server, the tests and the type check may compile at once.
  outputStructure: "message-modules",
  // The test that tells the server from the browser, as Paraglide's Vite plugin writes it, so that
  // app/paraglide/ holds the same files whichever of the build, the tests or the type check compiled
  // it last (compileMessages() below skips a compile whose inputs have not changed).
  isServer: "import.meta.env?.SSR ?? typeof window === 'undefined'",
  cleanOutdir: false,
  emitGitIgnore: false,
  emitPrettierIgnore: false,
  emitReadme: false,
  emitTsDeclarations: true,
  includeEslintDisableComment: false,
};

const root = path.resolve(import.meta.dirname, "../..");
/** Where a compile notes what it was made from (app/paraglide/ is not committed). */
const stampFile = path.join(root, messagesOptions.outdir, ".compiled-from");

/**
 * Compiles the messages unless app/paraglide/ was already compiled from the same inputs (the
 * messages, the project's settings, these options and the compiler's and plugin's versions): a
 * compile takes half a minute on our VMs, and the type check and each test run would otherwise
 * repeat it for nothing. Answers whether it compiled.
 */
export async function compileMessages() {
  const inputs = await inputsHash();
  const stamp = await readFile(stampFile, "utf8").catch(() => "");
  const outputs = ["messages.js", "runtime.js", "server.js"].every((file) => existsSync(path.join(root, messagesOptions.outdir, file)));
  if (stamp === inputs && outputs) return false;
  await compile(messagesOptions);
  await writeFile(stampFile, inputs);
  return true;
}

async function inputsHash() {
  const hash = createHash("sha256").update(JSON.stringify(messagesOptions));
  const messageFiles = (await readdir(path.join(root, "messages"), { recursive: true })).filter((file) => file.endsWith(".json")).sort();
  const files = [
    "project.inlang/settings.json",
    "node_modules/@inlang/paraglide-js/package.json",
    "node_modules/@inlang/plugin-message-format/package.json",
    ...messageFiles.map((file) => path.join("messages", file)),
  ];
  for (const file of files) hash.update(`\0${file}\0`).update(await readFile(path.join(root, file)));
  return hash.digest("hex");
}

if (import.meta.url === `file://${process.argv[1]}`) await compileMessages();
