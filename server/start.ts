import fs from "node:fs";
import type http from "node:http";
import { createRequestHandler, type ServerBuild } from "react-router";
import { applicationDocumentFiles } from "../app/.server/applications/document-sweep";
import { startBookingReminders } from "../app/.server/bookings/reminders";
import { getConfig } from "../app/.server/config";
import { contentFreshness, startContentChangeRelay, stopContentChangeRelay } from "../app/.server/content-changes";
import { openDatabase } from "../app/.server/db/client";
import { db, setDatabase } from "../app/.server/db/index";
import { logger } from "../app/.server/logger";
import { createMailTransport } from "../app/.server/mail/transport";
import { type MailWorker, startMailWorker } from "../app/.server/mail/worker";
import { jobRunReports, outboxBacklog } from "../app/.server/metrics";
import type { PeriodicJob } from "../app/.server/periodic-job";
import { startDeadlineReminders } from "../app/.server/plan/deadline-reminders";
import { prepareDatabase } from "../app/.server/prepare-database";
import { projectPath } from "../app/.server/project-path";
import { closeSharedRedis } from "../app/.server/redis";
import { requestStorage } from "../app/.server/request-context";
import { limiter, limits } from "../app/.server/security/rate-limit";
import { ensureSetupToken } from "../app/.server/setup/setup-token";
import { startStorageSweeper, unfinishedWrites } from "../app/.server/storage/sweeper";
import { uploadsSettled } from "../app/.server/uploads";
import { BANGLA_PREFIX } from "../app/lib/locale";
import { startBanner } from "./banner";
import { HtmlCache, type PageCacheFreshness } from "./html-cache";
import { createHttpServer } from "./http-server";
import { handlerPerLocale } from "./language";
import { createMetrics } from "./metrics";
import { routeIdsFrom } from "./route-ids";
import { type RouteRules, routeRulesFrom } from "./route-rules";
import { loadStaticFiles, type StaticFile } from "./static-files";

const SHUTDOWN_GRACE_MS = 10_000;
const UPLOAD_CLEANUP_MS = 2_000;

/** The port cannot be listened on (taken by another process, or reserved): one line for the operator, no stack. */
export class PortUnavailableError extends Error {
  constructor(port: number, host: string | undefined, code: string | undefined) {
    const where = host ? `on ${host}` : "on all interfaces";
    super(
      code === "EACCES"
        ? `Port ${port} cannot be opened ${where} (permission denied); set PORT to a port above 1023.`
        : `Port ${port} is already in use ${where}; set PORT to another port.`,
    );
    this.name = "PortUnavailableError";
  }
}

/** The Bangla browser build's manifest, written by scripts/build.mjs beside the server build. */
function banglaBrowserAssets(): ServerBuild["assets"] | undefined {
  const file = projectPath("build", "server", "browser-assets-bn.json");
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined;
}

type StartOptions = {
  /** The React Router build: the bundled one in production, Vite's current one in development. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The browser build served from memory: production's build/client when absent; development passes an empty map (Vite serves it). */
  staticFiles?: Map<string, StaticFile>;
  /** The development server's own HTTP server (Vite's hot reload shares it) and middleware. */
  server?: http.Server;
  before?: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;
};

/**
 * Starts Onward: opens and migrates the database and loads its built-in content, starts the mail
 * worker, then serves on PORT. Production (server/app.ts) and development (scripts/dev.mjs) run
 * this same code. The one module of server/ that wires in app/.server: the HTTP server's steps get
 * the app's logger, request context, rate limits and content changes from here.
 */
export async function startServer({ build, staticFiles, server: existing, before }: StartOptions) {
  const servedFiles = staticFiles ?? loadStaticFiles(projectPath("build", "client"));
  const config = getConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let server: http.Server | undefined;
  let mailWorker: MailWorker | undefined;
  let sweeper: { stop(): void } | undefined;
  /** The booking and deadline reminders. */
  let reminders: PeriodicJob[] = [];
  let shuttingDown = false;

  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => server?.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    if (server?.listening) {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
    }
    // Uploads cut off by the closing connections remove what they had stored of their files.
    await uploadsSettled(UPLOAD_CLEANUP_MS);
    sweeper?.stop();
    await Promise.all(
      reminders.map((job) => job.stop().catch((error: unknown) => logger.error({ err: error }, "stopping the reminders failed"))),
    );
    await mailWorker?.stop().catch((error: unknown) => logger.error({ err: error }, "stopping the mail worker failed"));
    await stopContentChangeRelay();
    await database.close().catch((error: unknown) => logger.error({ err: error }, "closing the database failed"));
    await closeSharedRedis();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  let setupToken: string | undefined;
  try {
    await prepareDatabase(database);
    setupToken = await ensureSetupToken(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  setDatabase(database);
  startContentChangeRelay();
  mailWorker = startMailWorker({
    database: db,
    transport: createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
  });
  reminders = [startBookingReminders({ database: db, pollMs: config.reminderPollMs }), startDeadlineReminders({ database: db })];

  sweeper = startStorageSweeper([applicationDocumentFiles, unfinishedWrites]);

  const mode = config.env === "development" ? "development" : "production";
  // English at /, Bangla at /bn: the same routes under two basenames (ADR 037), each with its own
  // language's browser files in production (ADR 038); development's hold both languages.
  const bangla =
    typeof build === "function"
      ? async () => ({ ...(await build()), basename: BANGLA_PREFIX })
      : { ...build, basename: BANGLA_PREFIX, assets: banglaBrowserAssets() ?? build.assets };
  const handler = handlerPerLocale({ en: createRequestHandler(build, mode), bn: createRequestHandler(bangla, mode) });
  // Production reads the route rules once; development re-reads them as routes change.
  const routeRules: RouteRules =
    typeof build === "function" ? async (pathname) => routeRulesFrom((await build()).routes)(pathname) : routeRulesFrom(build.routes);
  // Before the first connection: the banner, with the set-up link while nobody can manage the site.
  if (logger.isLevelEnabled("info")) process.stdout.write(`${startBanner({ config, setupToken }).join("\n")}\n`);

  server = createHttpServer({
    config,
    database,
    staticFiles: servedFiles,
    handler,
    logger,
    requestContext: requestStorage,
    countRateLimit: (limit, clientIp) => limiter(limits[limit]).hit(clientIp),
    routeRules,
    before,
    server: existing,
    // In development a page must show the latest code on the next reload.
    pageCache: config.env === "development" ? undefined : pageCacheEmptiedOnContentChange(),
    // The route labels come from the built routes: none in development, whose routes change as you work.
    metrics:
      typeof build === "function"
        ? undefined
        : createMetrics({
            token: config.metricsToken,
            routeIdOf: routeIdsFrom(build.routes),
            isStaticFile: (pathname) => servedFiles.has(pathname),
            sources: { outbox: () => outboxBacklog(db()), poolUse: database.poolUse, jobRuns: () => jobRunReports() },
            logger,
          }),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server?.once("error", reject);
      server?.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    // Nothing was served: stop what started and release the database (and DATA_DIR/db.lock) before saying why.
    sweeper.stop();
    await Promise.all(reminders.map((job) => job.stop().catch(() => {})));
    await mailWorker.stop().catch(() => {});
    await stopContentChangeRelay();
    await database.close().catch(() => {});
    await closeSharedRedis();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EACCES") throw new PortUnavailableError(config.port, config.host, code);
    throw error;
  }
  logger.info({ port: config.port, appUrl: config.appUrl, database: database.kind }, `Onward is listening on ${config.appUrl}`);
}

/** The process's page cache: 60 s per page, emptied whenever staff change content (on any instance), used only while that can be heard. */
export function pageCacheEmptiedOnContentChange(freshness: PageCacheFreshness = contentFreshness): HtmlCache {
  return new HtmlCache({ freshness });
}
