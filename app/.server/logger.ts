import pino from "pino";
import { getConfig } from "./config";
import { currentRequest } from "./request-context";

/** JSON logs; every line written while a request is being handled carries its requestId. */
export const logger = pino({
  level: getConfig().logLevel,
  base: undefined,
  mixin() {
    const request = currentRequest();
    return request ? { requestId: request.requestId } : {};
  },
});
