import type http from "node:http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { startServer } from "./start";

/**
 * The development server (`npm run dev`, scripts/dev.mjs): the same server as production,
 * loaded through Vite so the app and the server share one copy of every module. Vite's
 * middleware answers its own requests (modules, styles, public files) first; hot reload runs
 * over the same HTTP server.
 */
export function startDevelopment({ vite, server }: { vite: ViteDevServer; server: http.Server }) {
  return startServer({
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    staticFiles: new Map(),
    server,
    before: (req, res) =>
      new Promise<boolean>((resolve) => {
        res.once("close", () => resolve(true));
        vite.middlewares(req, res, () => resolve(false));
      }),
  });
}
