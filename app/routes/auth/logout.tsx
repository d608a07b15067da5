import { redirect } from "react-router";
import { signOut } from "~/.server/auth/accounts";
import { getSessionUser } from "~/.server/auth/session";
import { setCookieHeaders } from "~/.server/set-cookies";
import { recordAuditEvent } from "~/.server/users/audit";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

/** Ends the session on the server and clears its cookie. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  const cookies = await signOut(request.headers);
  if (user) await recordAuditEvent({ action: "sign-out", actorId: user.id, targetId: user.id });
  const headers = setCookieHeaders(cookies);
  return redirect("/login", { headers });
}
