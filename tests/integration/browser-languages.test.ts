import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { withRunningServer } from "../support/server-users";

const shell = (locale: "en" | "bn") =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "messages", locale, "shell.json"), "utf8")) as Record<string, string>;

/** ADR 038: each language's pages load browser files built for that language alone. */
describe("the browser files of each language", () => {
  const app = withRunningServer();

  /** The page's scripts (its entry and module preloads), and the modules they import, as the browser loads them. */
  async function scriptsOf(pathname: string) {
    const html = await (await fetch(`${app.server.url}${pathname}`)).text();
    const urls = new Set<string>();
    for (const [, href = ""] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(href);
    for (const [, src = ""] of html.matchAll(/import\s*(?:[^"';]*?from\s*)?"(\/assets\/[^"]+\.js)"/g)) urls.add(src);
    const sources = new Map<string, string>();
    for (const url of urls) {
      const response = await fetch(`${app.server.url}${url}`);
      expect(response.status, url).toBe(200);
      sources.set(url, await response.text());
    }
    return sources;
  }

  test("an English page's scripts hold its English messages and not their Bangla, and a Bangla page's the other way round", async () => {
    const [english, bangla] = await Promise.all([scriptsOf("/"), scriptsOf("/bn")]);
    const englishCode = [...english.values()].join("\n");
    const banglaCode = [...bangla.values()].join("\n");
    const [en, bn] = [shell("en"), shell("bn")];
    // The skip link and the footer's about line: both rendered by the root on every page.
    for (const key of ["shell_skip_to_content", "shell_footer_about"]) {
      expect(englishCode, key).toContain(en[key]);
      expect(englishCode, key).not.toContain(bn[key]);
      expect(banglaCode, key).toContain(bn[key]);
      expect(banglaCode, key).not.toContain(en[key]);
    }
    // The shared code (React, React Router) is one file for both; the root route's module is not.
    expect([...english.keys()].filter((url) => bangla.has(url)).length).toBeGreaterThan(0);
    expect([...english.keys()].filter((url) => url.includes("/root-"))).not.toEqual(
      [...bangla.keys()].filter((url) => url.includes("/root-")),
    );
  });
});
