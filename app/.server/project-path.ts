import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/**
 * The repository root (the folder with package.json), found from this file so that
 * the same code works from app/.server (tests, scripts) and from build/server.
 */
export function projectPath(...segments: string[]): string {
  if (!root) {
    let dir = path.dirname(fileURLToPath(import.meta.url));
    while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    root = dir;
  }
  return path.join(root, ...segments);
}
