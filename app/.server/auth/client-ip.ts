/** The header our HTTP server sets to the client's address (any value a client sent is replaced). */
export const CLIENT_IP_HEADER = "x-onward-client-ip";
