import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseConfig } from "../app/.server/config";
import { redactUrl, startBanner } from "./banner";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "onward-banner-"));

describe("the start-up banner", () => {
  test("on the defaults: the URL, the embedded database and data folder, mail files, and the set-up link", () => {
    const dir = dataDir();
    const lines = startBanner({ config: parseConfig({ DATA_DIR: dir, PORT: "4100" }), setupToken: "abc_DEF-123" });
    expect(lines).toEqual([
      "Onward is starting on http://localhost:4100",
      `  database  embedded PostgreSQL (PGlite) in ${path.join(dir, "db")}`,
      `  data      ${dir}`,
      `  mail      no SMTP_URL: kept as .eml files in ${path.join(dir, "mail")}`,
      "  set-up    open http://localhost:4100/setup?token=abc_DEF-123 to create the first admin (works once)",
    ]);
  });

  test("never prints the passwords in DATABASE_URL, SMTP_URL and REDIS_URL", () => {
    const config = parseConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: "test",
      APP_URL: "https://onward.example.com",
      DATABASE_URL: "postgres://onward:db-s3cret@db.internal:5432/onward?sslmode=require&sslpassword=key-s3cret",
      SMTP_URL: "smtps://mailer:smtp-s3cret@smtp.example.com:465",
      REDIS_URL: "redis://:redis-s3cret@cache.internal:6379/0",
      SESSION_SECRET: "s".repeat(32),
    });
    const text = startBanner({ config }).join("\n");
    expect(text).not.toMatch(/s3cret/);
    expect(text).toContain("database  PostgreSQL at postgres://onward:***@db.internal:5432/onward?sslmode=require&sslpassword=***");
    expect(text).toContain("mail      sent through smtps://mailer:***@smtp.example.com:465");
    expect(text).toContain("redis     redis://:***@cache.internal:6379/0");
    expect(text).not.toContain("set-up");
  });

  test("in development, mail is read at /dev/mail", () => {
    const config = parseConfig({ DATA_DIR: dataDir(), NODE_ENV: "development", PORT: "5173" });
    expect(startBanner({ config }).join("\n")).toContain("read at http://localhost:5173/dev/mail");
  });

  test("redactUrl leaves a URL without secrets as it is", () => {
    expect(redactUrl("postgres://onward@db:5432/onward")).toBe("postgres://onward@db:5432/onward");
    expect(redactUrl("not a url")).toBe("(not a valid URL)");
  });
});
