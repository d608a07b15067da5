/** Response headers carrying the given Set-Cookie values (what better-auth hands back). */
export function setCookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
