import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "../config";

/**
 * A link token that acts for one person, for one purpose, until it expires, without signing in
 * (an e-mail's unsubscribe link): `{payload}.{signature}`, both base64url, the signature an
 * HMAC-SHA256 of the purpose and the payload under the session secret. Altering the person, the
 * purpose or the expiry breaks the signature; a token made for one purpose is refused for another.
 */
type Payload = { u: string; e: number };

function sign(purpose: string, payload: string): Buffer {
  return createHmac("sha256", getConfig().sessionSecret).update(`${purpose}\n${payload}`).digest();
}

export function signLinkToken(purpose: string, userId: string, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, e: Math.floor(expiresAt.getTime() / 1000) } satisfies Payload)).toString(
    "base64url",
  );
  return `${payload}.${sign(purpose, payload).toString("base64url")}`;
}

/** The person a token acts for, or null when it is malformed, altered, for another purpose or expired. */
export function verifyLinkToken(purpose: string, token: string, now: Date = new Date()): string | null {
  if (token.length > 512) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return null;
  const [, payload = "", signature = ""] = match;
  const given = Buffer.from(signature, "base64url");
  const expected = sign(purpose, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const { u, e } = (parsed ?? {}) as Partial<Payload>;
  if (typeof u !== "string" || typeof e !== "number" || e * 1000 <= now.getTime()) return null;
  return u;
}
