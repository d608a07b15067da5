import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, parseConfig } from "./config";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "onward-config-"));

function configError(env: Record<string, string>): ConfigError {
  try {
    parseConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  test("defaults to port 3000, production, and the localhost app URL that also trusts 127.0.0.1", () => {
    const config = parseConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.env).toBe("production");
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.trustedOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
    expect(config.databaseUrl).toBeUndefined();
  });

  test("documents may be 10 MB unless UPLOAD_MAX_MB says otherwise; S3 only when S3_BUCKET is set, with its keys", () => {
    expect(parseConfig({ DATA_DIR: tempDir() })).toMatchObject({ uploadMaxBytes: 10 * 1024 * 1024, s3: undefined });
    expect(parseConfig({ DATA_DIR: tempDir(), UPLOAD_MAX_MB: "25" }).uploadMaxBytes).toBe(25 * 1024 * 1024);
    const config = parseConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: "onward-documents",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config.s3).toEqual({
      bucket: "onward-documents",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
  });

  test("CORS for the JSON API only for the origins API_CORS_ORIGINS lists, each a bare origin", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).apiCorsOrigins).toEqual([]);
    expect(parseConfig({ DATA_DIR: tempDir(), API_CORS_ORIGINS: "https://app.example.com, http://localhost:5173" }).apiCorsOrigins).toEqual(
      ["https://app.example.com", "http://localhost:5173"],
    );
    for (const bad of ["https://app.example.com/path", "*", "ftp://files.example.com", "app.example.com"]) {
      expect(configError({ API_CORS_ORIGINS: bad }).variable).toBe("API_CORS_ORIGINS");
    }
  });

  test("metrics only with a METRICS_TOKEN; an empty one is none", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).metricsToken).toBeUndefined();
    expect(parseConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
    expect(parseConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: "a-long-enough-token" }).metricsToken).toBe("a-long-enough-token");
  });

  test("trusts only APP_URL when it is set", () => {
    const config = parseConfig({ DATA_DIR: tempDir(), APP_URL: "https://onward.example.com/" });
    expect(config.appUrl).toBe("https://onward.example.com");
    expect(config.trustedOrigins).toEqual(["https://onward.example.com"]);
  });

  test.each([
    [{ PORT: "abc" }, "PORT", "port number"],
    [{ PORT: "70000" }, "PORT", "port number"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL", "postgres://"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL", "postgres://"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL", "smtp://"],
    [{ APP_URL: "localhost:3000" }, "APP_URL", "URL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV", "production"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY", "true or false"],
    [{ GOOGLE_CLIENT_ID: "id" }, "GOOGLE_CLIENT_SECRET", "both"],
    [{ UPLOAD_MAX_MB: "0" }, "UPLOAD_MAX_MB", "megabytes"],
    [{ UPLOAD_MAX_MB: "ten" }, "UPLOAD_MAX_MB", "megabytes"],
    [{ S3_BUCKET: "docs" }, "S3_ACCESS_KEY_ID", "S3_BUCKET"],
    [{ S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "key" }, "S3_SECRET_ACCESS_KEY", "S3_BUCKET"],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_BUCKET", "bucket"],
    [{ S3_BUCKET: "docs", S3_ENDPOINT: "minio:9000", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" }, "S3_ENDPOINT", "URL"],
    [{ METRICS_TOKEN: "too-short" }, "METRICS_TOKEN", "16 characters"],
  ])("refuses %o naming %s", (env, variable, expectation) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).toContain(expectation);
  });

  test("requires SESSION_SECRET with DATABASE_URL in production, where instances must share it", () => {
    expect(configError({ DATABASE_URL: "postgres://localhost/onward" }).variable).toBe("SESSION_SECRET");
    const config = parseConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgres://localhost/onward",
      SESSION_SECRET: "x".repeat(32),
    });
    expect(config.sessionSecret).toBe("x".repeat(32));
  });

  test("generates the session secret once and keeps it in DATA_DIR", () => {
    const dataDir = tempDir();
    const first = parseConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = parseConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(first);
  });
});
