import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * The translated messages (messages/{locale}/*.json, ADR 037): Paraglide falls back to English
 * for a key missing in Bangla, so a missing key would show English on a Bangla page unnoticed.
 * These tests are what stops it: every file, every key and every variable in both languages.
 */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8")) as Record<string, unknown>;
const files = readdirSync(path.join(root, "messages/en")).filter((file) => file.endsWith(".json"));

/** The `{name}` variables a message uses, in any of its variants. */
function variablesOf(message: unknown): string[] {
  const text = JSON.stringify(message);
  const declared = [...text.matchAll(/input (\w+)/g)].map((match) => match[1]);
  const used = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return [...new Set([...declared, ...used])].filter((name): name is string => Boolean(name) && !name?.endsWith("Plural")).sort();
}

test("the project compiles every message file, and each exists in both languages", () => {
  const settings = read("project.inlang/settings.json");
  const patterns = (settings["plugin.inlang.messageFormat"] as { pathPattern: string[] }).pathPattern;
  expect(patterns.map((pattern) => path.basename(pattern)).sort()).toEqual(files.sort());
  expect(readdirSync(path.join(root, "messages/bn")).sort()).toEqual(files.sort());
});

test.each(files)("messages/%s has the same keys in English and Bangla, no variable English lacks, none empty", (file) => {
  const english = read(`messages/en/${file}`);
  const bangla = read(`messages/bn/${file}`);
  const keys = (messages: Record<string, unknown>) =>
    Object.keys(messages)
      .filter((key) => key !== "$schema")
      .sort();
  expect(keys(bangla)).toEqual(keys(english));
  for (const key of keys(english)) {
    // A translation may leave a variable out (a plural's count where the wording needs none), never add one.
    const englishVariables = variablesOf(english[key]);
    for (const variable of variablesOf(bangla[key])) expect(englishVariables, `${file}: ${key} uses {${variable}}`).toContain(variable);
    expect(JSON.stringify(bangla[key]).replace(/"/g, "").trim(), `${file}: ${key}`).not.toBe("");
    expect(key, `${file}: ${key} is named after its file`).toMatch(new RegExp(`^${file.replace(".json", "")}_[a-z0-9_]+$`));
  }
});

/** Fields that are code or addresses, not text: the same in both languages. */
const untranslated = new Set(["id", "slug", "path", "src", "url", "status", "illustration", "href"]);

/** Walks the English and Bangla content side by side: same shape, same codes, every text there. */
function compareContent(english: unknown, bangla: unknown, where: string) {
  if (Array.isArray(english)) {
    expect(Array.isArray(bangla) && bangla.length, `${where}: length`).toBe(english.length);
    for (const [index, item] of english.entries()) compareContent(item, (bangla as unknown[])[index], `${where}[${index}]`);
  } else if (english && typeof english === "object") {
    expect(Object.keys(bangla as object).sort(), `${where}: fields`).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(english)) {
      const twin = (bangla as Record<string, unknown>)[key];
      if (untranslated.has(key)) expect(twin, `${where}.${key}`).toEqual(value);
      else compareContent(value, twin, `${where}.${key}`);
    }
  } else if (typeof english === "string") {
    expect(typeof bangla === "string" && bangla.trim().length > 0, `${where}: text`).toBe(true);
  } else {
    expect(bangla, where).toEqual(english);
  }
}

test("the built-in content exists in Bangla piece by piece: same guides, same lists, same codes", async () => {
  const { contentIn } = await import("../../content/by-locale");
  compareContent(contentIn("en"), contentIn("bn"), "content");
});
