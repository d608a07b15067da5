import { createContext, useContext } from "react";

type RequestInfo = { nonce: string; requestId: string; databaseUnavailable?: boolean | undefined };

const RequestInfoContext = createContext<RequestInfo | undefined>(undefined);

export const RequestInfoProvider = RequestInfoContext.Provider;

/** The CSP nonce on the server; empty in the browser, where it is no longer needed. */
export function useNonce(): string {
  return useContext(RequestInfoContext)?.nonce ?? "";
}

/**
 * The id of the request that rendered this document: from the server's context while
 * rendering, and from the document's <meta name="request-id"> in the browser, so both agree.
 */
export function useRequestId(): string | undefined {
  const fromServer = useContext(RequestInfoContext)?.requestId;
  if (fromServer) return fromServer;
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLMetaElement>('meta[name="request-id"]')?.content || undefined;
}

/** Whether the page failed because the database could not be reached (known on the server only). */
export function useDatabaseUnavailable(): boolean {
  return useContext(RequestInfoContext)?.databaseUnavailable === true;
}
