import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build's entry is our own server (server/app.ts), which imports the
  // React Router build: one bundle, one copy of config, logger and database.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" } : { target: "es2022" },
  // Bundle the few icons the pages use into the server build instead of loading all of Lucide's at
  // start-up (development loads the package as it is: transforming every icon would be slower).
  ssr: command === "build" ? { noExternal: ["lucide"] } : undefined,
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
}));
