import { AsyncLocalStorage } from "node:async_hooks";
import { baseLocale, type Locale, overwriteGetLocale } from "~/paraglide/runtime";

export type RequestContext = {
  requestId: string;
  /** Per-response nonce for the Content-Security-Policy's inline scripts. */
  nonce: string;
  /** The client's address: the socket's, or X-Forwarded-For's first hop when TRUST_PROXY is set. */
  clientIp: string;
  /** The page's language, from its address (/bn/… is Bangla): what every message of the answer is written in. */
  locale?: Locale;
  /** Set when the database could not be reached while handling the request (app/.server/database-unavailable.ts). */
  databaseUnavailable?: boolean;
};

/** Carries the current request's id through async work so every log line can name it. */
export const requestStorage = new AsyncLocalStorage<RequestContext>();

// Messages rendered on the server are in the request's language; outside a request (the mail
// worker, the reminders) a message is given its locale explicitly, else it is English.
overwriteGetLocale(() => requestStorage.getStore()?.locale ?? baseLocale);

export function currentRequest(): RequestContext | undefined {
  return requestStorage.getStore();
}

/**
 * Notes that the current request failed because the database could not be reached: the server
 * answers it 503 with Retry-After instead of 500 (server/unavailable.ts).
 */
export function markDatabaseUnavailable() {
  const store = requestStorage.getStore();
  if (store) store.databaseUnavailable = true;
}
