/** A short message shown after the server has done (or refused) something. */
export type Toast = { type: "success" | "error" | "info"; text: string /** milliseconds; default 6000 */; duration?: number };
