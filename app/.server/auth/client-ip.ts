// The header is a contract between the HTTP server and the app, so it lives in app/lib (server/ imports no app/.server module).
export { CLIENT_IP_HEADER } from "~/lib/client-ip";
