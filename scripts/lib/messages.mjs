// The translated messages (messages/{locale}/*.json, ADR 037) compiled by Paraglide JS into one
// typed function per message under app/paraglide/ (generated, not committed). The Vite build and
// development server compile them through the plugin; the tests (tests/support/global-setup.ts)
// and `npm run typecheck` through `compileMessages()`.
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
  cleanOutdir: false,
  emitGitIgnore: false,
  emitPrettierIgnore: false,
  emitReadme: false,
  emitTsDeclarations: true,
  includeEslintDisableComment: false,
};

export async function compileMessages() {
  await compile(messagesOptions);
}

if (import.meta.url === `file://${process.argv[1]}`) await compileMessages();
