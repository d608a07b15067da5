/**
 * The header our HTTP server (server/) sets to the client's address, so the app reads who the
 * client is from one place; any value a client sent is replaced.
 */
export const CLIENT_IP_HEADER = "x-onward-client-ip";
