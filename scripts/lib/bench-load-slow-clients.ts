// Slow clients for `npm run bench:load` (issue 28 item 6): raw TCP connections that send one byte a
// second, as a phone on a dying link or a Slowloris attack would, each recording what the server did
// with it (the status it answered, when, and when the connection closed).
import net from "node:net";

/**
 * - `headers`: a GET whose headers never end, one byte a second (Node's headersTimeout applies);
 * - `body`: a POST's headers at once with a Content-Length, then the body one byte a second throughout;
 * - `silent-body`: the same, but it stops sending when `silentAfterMs` has passed (the 30 s body-silence rule applies).
 */
export type TrickleKind = "headers" | "body" | "silent-body";

export type TrickleFate = {
  kind: TrickleKind;
  bytesSent: number;
  status?: number;
  /** The answer's own words (its page's paragraph, or a plain-text body), to tell which rule answered. */
  said?: string;
  answeredAtS?: number;
  closedAtS?: number;
  error?: string;
};

const BODY_BYTES = 2_000;

/** What a connection of each kind sends: the part sent at once, then the part sent a byte a second. */
function payloadFor(kind: TrickleKind, host: string): { atOnce: string; trickled: string } {
  if (kind === "headers") {
    return {
      atOnce: "",
      trickled: `GET /?slow-client=1 HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: bench-load slow client\r\nX-Trickle: ${"a".repeat(2_000)}`,
    };
  }
  return {
    atOnce: `POST /login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`,
    trickled: `email=${"a".repeat(BODY_BYTES - 6)}`,
  };
}

/** Opens one slow connection and keeps it sending until the server closes it or `stop()` is called. */
function trickle(port: number, kind: TrickleKind, silentAfterMs: number) {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const fate: TrickleFate = { kind, bytesSent: 0 };
  const { atOnce, trickled } = payloadFor(kind, `127.0.0.1:${port}`);
  const socket = net.connect(port, "127.0.0.1");
  let next = 0;
  const sendByte = () => {
    if (kind === "silent-body" && performance.now() - started >= silentAfterMs) return;
    if (next >= trickled.length || !socket.writable) return;
    socket.write(trickled[next++] ?? "");
    fate.bytesSent++;
  };
  const ticker = setInterval(sendByte, 1_000);
  socket.on("connect", () => {
    if (atOnce) {
      socket.write(atOnce);
      fate.bytesSent += atOnce.length;
    }
    sendByte();
  });
  let answer = "";
  socket.on("data", (chunk: Buffer) => {
    answer += chunk.toString("utf8");
    if (fate.status === undefined) {
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
      fate.status = match ? Number(match[1]) : -1;
      fate.answeredAtS = seconds();
    }
    fate.said = /<p>([^<]*)<\/p>/.exec(answer)?.[1] ?? answer.split("\r\n\r\n")[1]?.slice(0, 120);
  });
  socket.on("error", (error) => {
    fate.error ??= error.message;
  });
  socket.on("close", () => {
    clearInterval(ticker);
    fate.closedAtS = seconds();
  });
  return {
    fate,
    stop() {
      clearInterval(ticker);
      socket.destroy();
    },
  };
}

/**
 * Starts `count` slow connections to the server: half `headers`, a quarter `body`, a quarter `silent-body`.
 * `fates()` tells what became of each so far; `stop()` closes those still open.
 */
export function startSlowClients(port: number, count: number, silentAfterMs: number) {
  const kinds: TrickleKind[] = Array.from({ length: count }, (_, index) =>
    index < count / 2 ? "headers" : index < (count * 3) / 4 ? "body" : "silent-body",
  );
  const connections = kinds.map((kind) => trickle(port, kind, silentAfterMs));
  return {
    fates: () => connections.map((connection) => connection.fate),
    open: () => connections.filter((connection) => connection.fate.closedAtS === undefined).length,
    stop: () => {
      for (const connection of connections) connection.stop();
    },
  };
}

/** What became of one connection, in a word: the status it was answered with, or closed / still open. */
function outcome(fate: TrickleFate): string {
  if (fate.status !== undefined) return `answered ${fate.status}`;
  return fate.closedAtS !== undefined ? "closed unanswered" : "still open";
}

/** One line per kind: how many ended which way, and when (the range of seconds from opening). */
export function describeFates(fates: readonly TrickleFate[]): string[] {
  const kinds: TrickleKind[] = ["headers", "body", "silent-body"];
  return kinds.map((kind) => {
    const groups = new Map<string, TrickleFate[]>();
    for (const fate of fates.filter((each) => each.kind === kind)) groups.set(outcome(fate), [...(groups.get(outcome(fate)) ?? []), fate]);
    const parts = [...groups].map(([key, group]) => {
      const times = group.map((fate) => fate.answeredAtS ?? fate.closedAtS).filter((at) => at !== undefined);
      const range = times.length > 0 ? ` at ${Math.min(...times).toFixed(1)}–${Math.max(...times).toFixed(1)} s` : "";
      const said = group[0]?.said ? ` ("${group[0].said}")` : "";
      return `${group.length} ${key}${range}${said}`;
    });
    return `${kind.padEnd(11)} ${parts.join(", ")}`;
  });
}
