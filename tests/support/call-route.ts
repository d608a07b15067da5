import { createStaticHandler, isRouteErrorResponse } from "react-router";

// biome-ignore lint/suspicious/noExplicitAny: a route module's loader and action take React Router's own generated argument types
type RouteFunction = (args: any) => unknown;
type RouteModule = { loader?: RouteFunction; action?: RouteFunction };

export type RouteAnswer<T = unknown> = {
  status: number;
  headers: Headers;
  /** What the loader or action answered (or the error's data, for a thrown `data()`/Response). */
  data: T;
  /** The Location of a redirect, else null. */
  location: string | null;
};

type CallOptions = {
  /** The URL path (and query) requested; the route's pattern defaults to its path. */
  path?: string;
  /** The route's path pattern when it has parameters, e.g. "/dashboard/edit-user-profile/:email". */
  pattern?: string;
  method?: "GET" | "POST";
  /** Form fields (sent url-encoded) or a ready body. */
  form?: Record<string, string> | URLSearchParams | FormData;
  headers?: Record<string, string>;
  /** The client address the server would have found (context.clientIp and the client-IP header). */
  clientIp?: string;
};

const ORIGIN = "http://localhost:3000";

/**
 * Calls a route module's loader (GET) or action (POST) the way React Router does — through
 * its static handler, with a real Request — and answers what the browser would see: the
 * status, the headers and the data. Tests never look inside `data()` results.
 */
export async function callRoute<T = unknown>(module: RouteModule, options: CallOptions = {}): Promise<RouteAnswer<T>> {
  const method = options.method ?? (options.form ? "POST" : "GET");
  const path = options.path ?? "/";
  const pattern = options.pattern ?? new URL(path, ORIGIN).pathname;
  const clientIp = options.clientIp ?? "198.51.100.7";
  const headers = new Headers({ Origin: ORIGIN, "x-onward-client-ip": clientIp, ...options.headers });
  let body: BodyInit | undefined;
  if (options.form instanceof FormData) body = options.form;
  else if (options.form) body = new URLSearchParams(options.form);

  // A redirect keeps all of its headers (Set-Cookie with the toast), which the static handler would drop.
  let redirect: Response | undefined;
  const keep = (fn: RouteFunction | undefined) =>
    fn &&
    (async (args: Parameters<RouteFunction>[0]) => {
      try {
        const result = await fn(args);
        if (result instanceof Response && result.status >= 300 && result.status < 400) redirect = result;
        return result;
      } catch (thrown) {
        if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) redirect = thrown;
        throw thrown;
      }
    });
  const id = "route";
  const handler = createStaticHandler([{ id, path: pattern, loader: keep(module.loader), action: keep(module.action) }]);
  const request = new Request(new URL(path, ORIGIN), { method, headers, body });
  const context = await handler.query(request, {
    // biome-ignore lint/suspicious/noExplicitAny: our load context (server/app.ts), not React Router's default one
    requestContext: { clientIp, requestId: "test", nonce: "test" } as any,
    skipRevalidation: true,
  });

  if (context instanceof Response) {
    const answer = redirect ?? context;
    return { status: answer.status, headers: answer.headers, data: undefined as T, location: answer.headers.get("Location") };
  }
  const error = context.errors?.[id];
  if (error !== undefined) {
    if (isRouteErrorResponse(error)) {
      return {
        status: error.status,
        headers: context.actionHeaders[id] ?? context.loaderHeaders[id] ?? new Headers(),
        data: error.data as T,
        location: null,
      };
    }
    throw error;
  }
  const post = method === "POST";
  return {
    status: context.statusCode,
    headers: (post ? context.actionHeaders[id] : context.loaderHeaders[id]) ?? new Headers(),
    data: (post ? context.actionData?.[id] : context.loaderData[id]) as T,
    location: null,
  };
}
