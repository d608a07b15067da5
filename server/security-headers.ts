import type http from "node:http";

/** What a page's Content-Security-Policy depends on besides its scripts: HTTPS, and where its forms may post. */
export type CspOptions = { https: boolean; formActions: string[] };

/** HTTPS when the public origin is; forms post to ourselves, plus the Google sign-in provider when configured. */
export function cspOptionsFor(config: { appUrl: string; google: { discoveryUrl: string } | undefined }): CspOptions {
  return {
    https: new URL(config.appUrl).protocol === "https:",
    formActions: config.google ? [new URL(config.google.discoveryUrl).origin] : [],
  };
}

/** Sets the security headers on a response, its scripts allowed by this response's nonce. */
export function setSecurityHeaders(res: http.ServerResponse, nonce: string, csp: CspOptions) {
  for (const [name, value] of Object.entries(securityHeaders({ nonce, https: csp.https, formActions: csp.formActions }))) {
    res.setHeader(name, value);
  }
}

/**
 * Headers every response carries. Scripts run only with this response's nonce (or, for
 * a page served from the anonymous page cache, only the inline scripts whose hashes it lists);
 * the page may not be framed; the browser may not guess content types.
 */
export function securityHeaders(options: {
  nonce?: string;
  scriptHashes?: string[];
  https: boolean;
  formActions?: string[];
}): Record<string, string> {
  const scriptSrc = options.scriptHashes
    ? ["'self'", ...options.scriptHashes].join(" ")
    : options.nonce
      ? `'self' 'nonce-${options.nonce}'`
      : "'self'";
  const formAction = ["'self'", ...(options.formActions ?? [])].join(" ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (options.https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
