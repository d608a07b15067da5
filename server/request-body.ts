import type http from "node:http";

/**
 * How long a request body may go without a single byte arriving while the app waits for more.
 * A time-out is by silence, never by total time: a student posting 15 photos over a slow mobile
 * connection takes minutes, and that is fine as long as bytes keep coming.
 */
export const BODY_IDLE_TIMEOUT_MS = 30_000;

export type BodyRefusal = { status: 408 | 413; message: string };

export const TOO_LARGE_MESSAGE = "This request is too large. Forms accept at most the sizes they state; please shorten what you sent.";
const TIMED_OUT_MESSAGE = `Nothing arrived for ${BODY_IDLE_TIMEOUT_MS / 1000} seconds, so the upload was stopped. Please check your connection and send it again.`;

/** Why the body was cut off, told to the app through the body stream it reads. */
class BodyRefusedError extends Error {
  constructor(readonly refusal: BodyRefusal) {
    super(refusal.message);
    this.name = "BodyRefusedError";
  }
}

/**
 * Watches a request body while the app reads it, and cuts it off:
 * - past `maxBytes` when the body declared no length (a chunked body; a declared length over the
 *   limit is refused before the app runs): 413;
 * - when no byte has arrived for `idleMs` while the body is flowing. While the app itself holds the
 *   body back (its stream is paused: a full queue, an upload waiting its turn) the client is not to
 *   blame, so the clock only runs while the server is reading: 408.
 * Cutting off fails the body stream the app reads (its parser lets go of what it held) and makes
 * `refusal()` say why; the caller answers with that instead of whatever the app made of it.
 * Call after the request's body stream is made, so that reading here never starts it early.
 */
export function watchBody(req: http.IncomingMessage, options: { maxBytes?: number; idleMs: number }) {
  let refusal: BodyRefusal | undefined;
  let received = 0;
  const cutOff = (reason: BodyRefusal) => {
    if (refusal) return;
    refusal = reason;
    stop();
    req.pause();
    req.emit("error", new BodyRefusedError(reason));
  };
  const idle = setTimeout(function checkIdle() {
    // Held back by the app, not by the client: wait a full period after it reads again.
    if (req.readableFlowing === false || req.readableLength > 0) {
      idle.refresh();
      return;
    }
    cutOff({ status: 408, message: TIMED_OUT_MESSAGE });
  }, options.idleMs);
  idle.unref();
  const onData = (chunk: Buffer) => {
    idle.refresh();
    received += chunk.length;
    if (options.maxBytes !== undefined && received > options.maxBytes) cutOff({ status: 413, message: TOO_LARGE_MESSAGE });
  };
  const onResume = () => idle.refresh();
  function stop() {
    clearTimeout(idle);
    req.off("data", onData);
    req.off("resume", onResume);
    req.off("end", stop);
    req.off("close", stop);
  }
  if (req.complete) stop();
  else {
    req.on("data", onData);
    req.on("resume", onResume);
    req.once("end", stop);
    req.once("close", stop);
  }
  return {
    /** Why the body was cut off, if it was. */
    refusal: () => refusal,
    stop,
  };
}
