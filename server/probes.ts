import { type Exchange, sendText } from "./exchange";

/** What the readiness probe asks: that the database answers a trivial query. */
export type Pingable = { ping(): Promise<void> };

const READY_TIMEOUT_MS = 2_000;

/**
 * The operators' probes, answered before anything else: `/healthz` (the process answers) and
 * `/readyz` (the database answers too, within READY_TIMEOUT_MS). True when it answered.
 */
export async function answerProbe({ pathname, res, logger }: Exchange, database: Pingable): Promise<boolean> {
  if (pathname === "/healthz") {
    sendText(res, 200, "ok");
    return true;
  }
  if (pathname !== "/readyz") return false;
  try {
    await withTimeout(database.ping(), READY_TIMEOUT_MS);
    sendText(res, 200, "ready");
  } catch (error) {
    logger.warn({ err: error }, "readiness check failed: the database does not answer");
    sendText(res, 503, "database unavailable");
  }
  return true;
}

/** `promise`, or a rejection after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
