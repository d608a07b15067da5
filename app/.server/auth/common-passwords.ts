import { readFileSync } from "node:fs";
import { projectPath } from "../project-path";

/**
 * The 49,233 passwords of the MIT-licensed @zxcvbn-ts/language-common dictionary (leaked
 * passwords ranked by frequency), one a line in common-passwords.txt after a "# " header;
 * `node scripts/update-common-passwords.mjs` regenerates the file from the npm package.
 * Read on first use, on the server only.
 */
let list: Set<string> | undefined;

function load(): Set<string> {
  const lines = readFileSync(projectPath("app", ".server", "auth", "common-passwords.txt"), "utf8").split("\n");
  return new Set(lines.filter((line) => line !== "" && !line.startsWith("# ")));
}

export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password.toLowerCase()) || list.has(password);
}
