// A counting forwarder for `npm run scan`: sqlmap talks to it and it passes every request on to the server
// (with the server's own Host, so that the Origin check sees one site), counting requests and answers by status,
// since sqlmap itself does not say how many requests it sent.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Counter = { url: string; requests: number; statuses: Map<number, number>; close(): Promise<void> };

/** Starts a forwarder on a free port of 127.0.0.1 to the server at `target` (e.g. http://localhost:4321). */
export async function startCounter(target: string): Promise<Counter> {
  const upstream = new URL(target);
  const counter = { requests: 0, statuses: new Map<number, number>() };
  const server = http.createServer((request, response) => {
    counter.requests += 1;
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        counter.statuses.set(status, (counter.statuses.get(status) ?? 0) + 1);
        response.writeHead(status, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => {
      counter.statuses.set(502, (counter.statuses.get(502) ?? 0) + 1);
      response.destroy();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return counter.requests;
    },
    statuses: counter.statuses,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
