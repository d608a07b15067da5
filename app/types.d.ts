import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    nonce: string;
    clientIp: string;
    /** Set while handling the request when the database could not be reached: the answer becomes a 503 with Retry-After. */
    databaseUnavailable?: boolean;
  }
}
