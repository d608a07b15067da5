import * as build from "virtual:react-router/server-build";
import { startServer } from "./start";

/**
 * The production server: this module is the server build's entry (vite.config.ts), so the
 * app and the server share one copy of config, logger and database.
 */
export function main() {
  return startServer({ build });
}
