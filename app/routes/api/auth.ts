import { data } from "react-router";
import { getAuth } from "~/.server/auth/auth";
import type { Route } from "./+types/auth";

/**
 * The only better-auth endpoints reachable over HTTP: the links in our e-mails and the
 * Google callback. Everything else (sign-in, sign-up, …) goes through our own pages,
 * which validate, rate-limit and audit before calling better-auth on the server.
 */
const linkEndpoints = [
  /^\/api\/auth\/verify-email$/,
  /^\/api\/auth\/reset-password\/[^/]+$/,
  /^\/api\/auth\/magic-link\/verify$/,
  /^\/api\/auth\/callback\/[\w-]+$/,
];

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!linkEndpoints.some((pattern) => pattern.test(pathname))) throw data("Not found", { status: 404 });
  const response = await getAuth().handler(request);
  // better-auth's own limiter says X-Retry-After; every 429 of ours says Retry-After (ADR 005).
  if (response.status === 429 && !response.headers.has("Retry-After")) {
    const headers = new Headers(response.headers);
    headers.set("Retry-After", /^\d+$/.test(headers.get("X-Retry-After") ?? "") ? (headers.get("X-Retry-After") as string) : "60");
    return new Response(response.body, { status: 429, statusText: response.statusText, headers });
  }
  return response;
}
