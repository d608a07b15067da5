import path from "node:path";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { compileMessages, messagesOptions } from "./scripts/lib/messages.mjs";

/**
 * React Router's package exports only its development build (remix-run/react-router#14102), with
 * its dev-only checks and warnings, to Node and to bundlers alike. Builds take the production
 * build it ships beside it, for both "react-router" and "react-router/dom", so the server and the
 * browser each hold one copy; development keeps the package as it is (ADR 021).
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, "node_modules/react-router/dist/production/index.mjs") },
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve(import.meta.dirname, "node_modules/react-router/dist/production/dom-export.mjs"),
  },
];

/**
 * React Router 7 creates Vite servers of its own with `envFile: false`, which Vite 8 deprecates
 * in favour of `envDir: false` (remix-run/react-router#15229, fixed only in React Router 8). The
 * ones it builds from this config (its child compiler) pass through this hook, which says the
 * same thing the new way before Vite reads it; its config loaders take no plugins, and
 * scripts/lib/quiet-vite.mjs drops their one line of warning. Remove both with React Router 8.
 */
const envDirInsteadOfEnvFile: Plugin = {
  name: "onward:env-dir-instead-of-env-file",
  enforce: "pre",
  config(config) {
    const inline = config as UserConfig & { envFile?: false };
    if (inline.envFile === false) {
      delete inline.envFile;
      inline.envDir = false;
    }
  },
};

/**
 * The language the browser files are built for: scripts/build.mjs builds them once per language
 * (ADR 038), so that a page ships only its own language's messages. Development serves both.
 */
const browserLocale = process.env.ONWARD_BROWSER_LOCALE === "bn" ? "bn" : "en";

/**
 * Each compiled message is two functions in a language-fixed browser build: the language's own
 * text and a wrapper that picks a language (and warns when a caller asks for another; none of ours
 * does, as the language changes by a document navigation, ADR 038). The browser files export the
 * build's language's function itself: a page loads a few hundred messages, and their wrappers cost
 * it a kilobyte or more. A message without its own text in that language keeps the wrapper (it
 * falls back to English). The server and development keep the files as compiled.
 */
const oneLanguageMessages: Plugin = {
  name: "onward:one-language-messages",
  apply: "build",
  applyToEnvironment: (environment) => environment.name === "client",
  transform: {
    filter: { id: /[\\/]app[\\/]paraglide[\\/]messages[\\/][^\\/]+\.js$/ },
    handler(code) {
      const [, name] = /^export const (\w+) = /m.exec(code) ?? [];
      if (!name || !code.includes(`const ${browserLocale}_${name} = `)) return undefined;
      return code.replace(/^export const \w+ = [\s\S]*$/m, `export const ${name} = ${browserLocale}_${name};\n`);
    },
  },
};

/**
 * The modules the root route imports, found as the client build's module graph is complete (the
 * compiled messages left out: each page's own chunks keep the ones it uses). Every page loads
 * them, so they go in one chunk with React and React Router instead of a dozen small ones shared
 * by other sets of routes: a first visit saves some 2 kB of imports and requests (ADR 041).
 */
const rootModules = new Set<string>();
const rootGraph: Plugin = {
  name: "onward:root-graph",
  apply: "build",
  applyToEnvironment: (environment) => environment.name === "client",
  buildEnd() {
    const root = [...this.getModuleIds()].find((id) => /[\\/]app[\\/]root\.tsx$/.test(id));
    const next = root ? [root] : [];
    for (let id = next.pop(); id !== undefined; id = next.pop()) {
      if (rootModules.has(id) || /[\\/]app[\\/]paraglide[\\/]messages/.test(id)) continue;
      rootModules.add(id);
      next.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

/**
 * A build compiles the messages through compileMessages(), which skips the compile when the type
 * check or an earlier build already made app/paraglide/ from the same inputs (the same files as
 * Paraglide's plugin writes); development keeps the plugin, which recompiles as a message changes.
 */
let compilingMessages: Promise<unknown> | undefined;
const compiledMessages: Plugin = {
  name: "onward:compiled-messages",
  async buildStart() {
    compilingMessages ??= compileMessages();
    await compilingMessages;
  },
};

export default defineConfig(({ command }) => ({
  // Rolldown's advice on slow plugins is for whoever profiles the build, not for every `npm start`.
  build: { rollupOptions: { checks: { bundlerTimings: false } } },
  // Vite's environment API (React Router's v8_viteEnvironmentApi, ADR 028): the server build's entry
  // is our own server (server/app.ts), which imports the React Router build: one bundle, one copy of
  // config, logger and database.
  environments: {
    client: {
      build: {
        target: "es2022",
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: "root-shared", test: (id: string) => rootModules.has(id) }] } } },
      },
      // Paraglide's static locale (scripts/lib/messages.mjs): the minifier drops the other language.
      define: command === "build" ? { "globalThis.__PARAGLIDE_STATIC_LOCALE__": JSON.stringify(browserLocale) } : undefined,
    },
    ssr: { build: { rollupOptions: { input: "./server/app.ts" }, target: "node20" } },
  },
  // Bundle the few icons the pages use into the server build instead of loading all of Lucide's at
  // start-up (development loads the package as it is: transforming every icon would be slower).
  ssr: command === "build" ? { noExternal: ["lucide"] } : undefined,
  plugins: [
    envDirInsteadOfEnvFile,
    command === "build" ? compiledMessages : paraglideVitePlugin(messagesOptions),
    oneLanguageMessages,
    rootGraph,
    tailwindcss(),
    reactRouter(),
  ],
  resolve: {
    alias: [{ find: "~", replacement: path.resolve(import.meta.dirname, "app") }, ...(command === "build" ? reactRouterProduction : [])],
  },
}));
