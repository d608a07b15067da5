import { readFileSync } from "node:fs";
import { projectPath } from "../project-path";

/**
 * The 10,000 most common passwords, most common first (taken from the MIT-licensed
 * @zxcvbn-ts/language-common dictionary, which ranks leaked passwords by frequency).
 */
let list: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    readFileSync(projectPath("app", ".server", "auth", "common-passwords.txt"), "utf8")
      .split("\n")
      .filter(Boolean),
  );
  return list.has(password.toLowerCase()) || list.has(password);
}
