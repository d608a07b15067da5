import * as build from "virtual:react-router/server-build";
import { projectPath } from "../app/.server/project-path";
import { startServer } from "./start";
import { loadStaticFiles } from "./static-files";

/**
 * The production server: this module is the server build's entry (vite.config.ts), so the
 * app and the server share one copy of config, logger and database.
 */
export function main() {
  return startServer({ build, staticFiles: loadStaticFiles(projectPath("build", "client")) });
}
