import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "react-router";
import { getConfig } from "../app/.server/config";
import { openDatabase } from "../app/.server/db/client";
import { db, setDatabase } from "../app/.server/db/index";
import { migrateDatabase } from "../app/.server/db/migrate";
import { logger } from "../app/.server/logger";
import { createMailTransport } from "../app/.server/mail/transport";
import { type MailWorker, startMailWorker } from "../app/.server/mail/worker";
import { projectPath } from "../app/.server/project-path";
import { createHttpServer } from "./http-server";
import { loadStaticFiles } from "./static-files";

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Starts Onward: opens and migrates the database, then serves. This module is the
 * server build's entry (vite.config.ts), so the app and the server share one copy
 * of config, logger and database.
 */
export async function main() {
  const config = getConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let server: ReturnType<typeof createHttpServer> | undefined;
  let mailWorker: MailWorker | undefined;
  let shuttingDown = false;

  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => server?.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    if (server) {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
    }
    await mailWorker?.stop().catch((error: unknown) => logger.error({ err: error }, "stopping the mail worker failed"));
    await database.close().catch((error: unknown) => logger.error({ err: error }, "closing the database failed"));
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  setDatabase(database);
  mailWorker = startMailWorker({
    database: db,
    transport: createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
  });

  const handler = createRequestHandler(build, config.env === "development" ? "development" : "production");
  server = createHttpServer({
    config,
    database,
    staticFiles: loadStaticFiles(projectPath("build", "client")),
    handler: (request, context) => handler(request, context),
  });
  await new Promise<void>((resolve, reject) => {
    server?.once("error", reject);
    server?.listen(config.port, config.host, () => resolve());
  });
  logger.info({ port: config.port, appUrl: config.appUrl, database: database.kind }, `Onward is listening on ${config.appUrl}`);
}
