import { EventEmitter } from "node:events";

/**
 * Staff changes to what public pages show (site settings, later the catalogue) announce
 * themselves here; the server's page cache listens and empties itself. Domain code knows
 * nothing of HTTP caching, only that content changed.
 */
const changes = new EventEmitter();

export function notifyContentChanged() {
  changes.emit("changed");
}

/** Calls `listener` after every content change; returns a function that stops listening. */
export function onContentChanged(listener: () => void): () => void {
  changes.on("changed", listener);
  return () => changes.off("changed", listener);
}
