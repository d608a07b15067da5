import http from "node:http";

/**
 * Sends a raw request and resolves with the status line's code and how many bytes came back. A
 * connection that closes before any answer arrives (a reset that threw the answer away) fails
 * at once rather than leaving the test to time out.
 */
export function rawRequest(
  url: string,
  options: { method: string; path: string; headers: Record<string, string | number>; body?: Buffer | (() => AsyncIterable<Buffer>) },
) {
  return new Promise<{ status: number; bytes: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const target = new URL(url);
    const request = http.request({
      host: target.hostname,
      port: target.port,
      method: options.method,
      path: options.path,
      headers: options.headers,
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - started }));
      response.on("error", reject);
    });
    // The server may answer and close before the whole body is sent: that is the point.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    request.on("close", () => {
      if (!answered) reject(new Error(`${options.method} ${options.path}: the connection closed before any answer arrived`));
    });
    const body = options.body;
    if (typeof body === "function") {
      void (async () => {
        for await (const chunk of body()) if (!request.write(chunk)) await new Promise((resolve) => request.once("drain", resolve));
        request.end();
      })().catch(() => {});
    } else {
      request.end(body);
    }
  });
}
