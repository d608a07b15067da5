import { data, redirect } from "react-router";
import { getAuth } from "~/.server/auth/auth";
import { readQuery } from "~/.server/read-query";
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

/** A link that failed before reaching one of our pages lands on better-auth's error page: ours is the sign-in page, which says what happened. */
const ERROR_PAGE = "/api/auth/error";

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (pathname === ERROR_PAGE) {
    const error = readQuery(request).get("error")?.slice(0, 64) || "link";
    throw redirect(`/login?${new URLSearchParams({ error })}`);
  }
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

/** Nothing here takes a post over HTTP (our pages call better-auth on the server). */
export function action() {
  throw data("Not found", { status: 404 });
}
