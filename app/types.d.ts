import "react-router";
import type { Locale } from "~/paraglide/runtime";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    nonce: string;
    clientIp: string;
    /** The language the address asks for (/bn/… is Bangla); unset is English. */
    locale?: Locale;
    /** Set while handling the request when the database could not be reached: the answer becomes a 503 with Retry-After. */
    databaseUnavailable?: boolean;
  }
}
