import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build's entry is our own server (server/app.ts), which imports the
  // React Router build: one bundle, one copy of config, logger and database.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : { target: "es2022" },
  // Bundle the few icons the pages use into the server build instead of loading all of Lucide's at
  // start-up (development loads the package as it is: transforming every icon would be slower).
  ssr: command === "build" ? { noExternal: ["lucide"] } : undefined,
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: [{ find: "~", replacement: path.resolve(import.meta.dirname, "app") }, ...(command === "build" ? reactRouterProduction : [])],
  },
}));
