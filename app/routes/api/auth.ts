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

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!linkEndpoints.some((pattern) => pattern.test(pathname))) throw data("Not found", { status: 404 });
  return getAuth().handler(request);
}
