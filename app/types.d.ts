import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    nonce: string;
    clientIp: string;
  }
}
