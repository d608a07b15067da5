import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isDatabaseUnavailable } from "./.server/database-unavailable";
import { logger } from "./.server/logger";
import { markDatabaseUnavailable } from "./.server/request-context";
import { RequestInfoProvider } from "./components/layout/request-info";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // When a loader or action failed only because the database could not be reached (handleError
  // marked it), the error page says so; the server makes the 500 a 503 (server/load-shedding.ts).
  const { nonce, requestId, databaseUnavailable } = loadContext;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <RequestInfoProvider value={{ nonce, requestId, databaseUnavailable }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RequestInfoProvider>,
      {
        nonce,
        // No page defers data, so the whole page is ready moments after its shell: it is gathered
        // and answered in one piece (one write, one compression pass, a Content-Length), which costs
        // a third less server time than streaming it through Node and web streams, and a render
        // error anywhere in the page still turns the status into 500.
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "error while streaming a page");
        },
      },
    );
  });
}

/** Every unexpected loader, action or render error lands in the log with its stack and request id. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isDatabaseUnavailable(error)) markDatabaseUnavailable();
  logger.error({ err: error, method: request.method, url: request.url }, "unexpected error");
};
