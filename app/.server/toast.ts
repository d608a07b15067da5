import { createCookie, redirect } from "react-router";
import type { Toast } from "~/lib/toast";
import { getConfig } from "./config";

const toastCookie = createCookie("onward.toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
  secrets: [getConfig().sessionSecret],
  secure: getConfig().appUrl.startsWith("https:"),
});

/** A redirect that shows `toast` on the next page (rendered by the server, so it works without JavaScript). */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie.serialize(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast, with the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const value = (await toastCookie.parse(request.headers.get("Cookie"))) as Toast | null;
  const headers = new Headers();
  if (value) headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
  return { toast: value && typeof value.text === "string" ? value : null, headers };
}
