// `npm run dev`: the production server's code, loaded through Vite, with hot reload over the
// same HTTP server. PORT, DATA_DIR and every other variable work as with `npm start`.
// First: it drops React Router 7's one deprecation warning that no config reaches (see the file).
import "./lib/quiet-vite.mjs";
import http from "node:http";
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";
const server = http.createServer();
const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
try {
  const { startDevelopment } = await vite.ssrLoadModule("/server/development.ts");
  await startDevelopment({ vite, server });
} catch (error) {
  if (error && ["ConfigError", "DataDirLockedError", "DatabaseUnavailableError", "PortUnavailableError"].includes(error.name)) {
    console.error(`onward: ${error.message}`);
    await vite.close();
    process.exit(1);
  }
  throw error;
}
