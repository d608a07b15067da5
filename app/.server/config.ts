import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The only module that reads process.env. Everything else receives a Config.
 * A bad value stops start-up with one line naming the variable (see ConfigError).
 */

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(["", "0", "1", "true", "false", "yes", "no"], { message: "expected true or false" })
  .transform((value) => ["1", "true", "yes"].includes(value))
  .optional();

function urlWithProtocols(protocols: string[], example: string) {
  return z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `expected a URL such as ${example}` },
    );
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { message: "expected development, production or test" }).default("production"),
  PORT: z.coerce
    .number({ message: "expected a port number from 1 to 65535" })
    .int({ message: "expected a port number from 1 to 65535" })
    .min(1, { message: "expected a port number from 1 to 65535" })
    .max(65535, { message: "expected a port number from 1 to 65535" })
    .default(3000),
  HOST: optionalString,
  DATA_DIR: z.string().trim().min(1, { message: "expected a folder path" }).default("./data"),
  DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"], "postgres://user:password@host:5432/onward").optional(),
  APP_URL: urlWithProtocols(["http:", "https:"], "https://onward.example.com").optional(),
  SMTP_URL: urlWithProtocols(["smtp:", "smtps:"], "smtp://127.0.0.1:2525").optional(),
  MAIL_FROM: optionalString,
  SESSION_SECRET: z.string().min(32, { message: "expected at least 32 characters" }).optional(),
  TRUST_PROXY: booleanFlag,
  REQUIRE_STAFF_TWO_FACTOR: booleanFlag,
  LOG_LEVEL: z.enum(logLevels, { message: `expected one of ${logLevels.join(", ")}` }).optional(),
  REDIS_URL: urlWithProtocols(["redis:", "rediss:"], "redis://127.0.0.1:6379").optional(),
  API_CORS_ORIGINS: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === "" ||
        value.split(",").every((origin) => {
          try {
            const url = new URL(origin.trim());
            return ["http:", "https:"].includes(url.protocol) && url.origin === origin.trim();
          } catch {
            return false;
          }
        }),
      { message: "expected origins separated by commas, such as https://app.example.com,https://crm.example.org" },
    )
    .optional(),
  MAX_BODY_KB: z.coerce
    .number({ message: "expected a size in kilobytes from 16 to 1048576" })
    .int({ message: "expected a size in kilobytes from 16 to 1048576" })
    .min(16, { message: "expected a size in kilobytes from 16 to 1048576" })
    .max(1_048_576, { message: "expected a size in kilobytes from 16 to 1048576" })
    .default(1024),
  UPLOAD_MAX_MB: z.coerce
    .number({ message: "expected a size in megabytes from 1 to 100" })
    .int({ message: "expected a size in megabytes from 1 to 100" })
    .min(1, { message: "expected a size in megabytes from 1 to 100" })
    .max(100, { message: "expected a size in megabytes from 1 to 100" })
    .default(10),
  INSTANCES: z.coerce
    .number({ message: "expected 1 (this process runs alone) or more" })
    .int({ message: "expected 1 (this process runs alone) or more" })
    .min(1, { message: "expected 1 (this process runs alone) or more" })
    .optional(),
  MAX_IN_FLIGHT: z.coerce
    .number({ message: "expected a whole number of requests from 4 to 10000" })
    .int({ message: "expected a whole number of requests from 4 to 10000" })
    .min(4, { message: "expected a whole number of requests from 4 to 10000" })
    .max(10_000, { message: "expected a whole number of requests from 4 to 10000" })
    .default(64),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: urlWithProtocols(["http:", "https:"], "https://s3.eu-central-1.amazonaws.com").optional(),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: urlWithProtocols(["http:", "https:"], "https://accounts.google.com/.well-known/openid-configuration").optional(),
  REMINDER_POLL_MS: z.coerce
    .number({ message: "expected a whole number of milliseconds from 100 to 3600000" })
    .int({ message: "expected a whole number of milliseconds from 100 to 3600000" })
    .min(100, { message: "expected a whole number of milliseconds from 100 to 3600000" })
    .max(3_600_000, { message: "expected a whole number of milliseconds from 100 to 3600000" })
    .optional(),
  METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 16, {
    message: "expected at least 16 characters",
  }),
});

export type Env = z.input<typeof envSchema>;

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The public origin, e.g. https://onward.example.com (no trailing slash). */
  appUrl: string;
  /** Origins whose form posts we accept: appUrl, plus 127.0.0.1 when appUrl is the localhost default. */
  trustedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  trustProxy: boolean;
  /** Managers and admins must turn on two-factor sign-in before using the dashboard. */
  requireStaffTwoFactor: boolean;
  logLevel: (typeof logLevels)[number];
  redisUrl: string | undefined;
  /** INSTANCES=1: this process is the only one on its PostgreSQL database, so it may cache without Redis. */
  runsAlone: boolean;
  /** How often the booking reminders look for due bookings (REMINDER_POLL_MS; a minute when unset). */
  reminderPollMs: number | undefined;
  /** Web origins whose pages may call the JSON API from the browser (CORS); none by default. */
  apiCorsOrigins: string[];
  /** The largest request body the server reads, in bytes (a route may declare a larger one for its uploads). */
  maxBodyBytes: number;
  /** Requests the app works on at once (their bodies in): more are answered 503 with Retry-After (MAX_IN_FLIGHT). */
  maxInFlight: number;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /** The largest document a person may upload (an application's passport scan, bank statement…), in bytes. */
  uploadMaxBytes: number;
  /** S3-compatible storage for uploaded files, when S3_BUCKET is set; local disk under DATA_DIR/uploads otherwise. */
  s3: S3Config | undefined;
  /** The bearer token `GET /metrics` asks for; without one there is no such page. */
  metricsToken: string | undefined;
};

export type S3Config = {
  bucket: string;
  /** Unset for AWS itself; the service's address for other S3-compatible stores. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`https://host/bucket/key`) rather than the host name: most self-hosted stores need it. */
  forcePathStyle: boolean;
};

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly expectation: string,
  ) {
    super(`Invalid environment variable ${variable}: ${expectation}`);
    this.name = "ConfigError";
  }
}

const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

/** Parses the environment. Pure apart from reading (and, on first use, writing) the generated secret. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(String(issue?.path[0] ?? "environment"), issue?.message ?? "invalid value");
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const appUrl = (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  const trustedOrigins = [new URL(appUrl).origin];
  if (!values.APP_URL) trustedOrigins.push(`http://127.0.0.1:${values.PORT}`);

  if (values.DATABASE_URL && !values.SESSION_SECRET && values.NODE_ENV === "production") {
    throw new ConfigError("SESSION_SECRET", "required with DATABASE_URL (instances must share it); at least 32 characters");
  }
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      values.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID",
      "set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither",
    );
  }

  if (values.S3_BUCKET && !(values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      values.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID",
      "required with S3_BUCKET (set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)",
    );
  }
  if (!values.S3_BUCKET && (values.S3_ENDPOINT || values.S3_ACCESS_KEY_ID || values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("S3_BUCKET", "required when other S3_* variables are set (the bucket to store uploads in)");
  }

  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    appUrl,
    trustedOrigins,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? `Onward <no-reply@${new URL(appUrl).hostname}>`,
    sessionSecret: values.SESSION_SECRET ?? generatedSecret(dataDir),
    trustProxy: values.TRUST_PROXY ?? false,
    requireStaffTwoFactor: values.REQUIRE_STAFF_TWO_FACTOR ?? false,
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === "test" ? "warn" : "info"),
    redisUrl: values.REDIS_URL,
    runsAlone: values.INSTANCES === 1,
    reminderPollMs: values.REMINDER_POLL_MS,
    apiCorsOrigins: values.API_CORS_ORIGINS ? values.API_CORS_ORIGINS.split(",").map((origin) => origin.trim()) : [],
    maxBodyBytes: values.MAX_BODY_KB * 1024,
    maxInFlight: values.MAX_IN_FLIGHT,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET,
            discoveryUrl: values.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    uploadMaxBytes: values.UPLOAD_MAX_MB * 1024 * 1024,
    s3:
      values.S3_BUCKET && values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? {
            bucket: values.S3_BUCKET,
            endpoint: values.S3_ENDPOINT,
            region: values.S3_REGION ?? "us-east-1",
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
            forcePathStyle: values.S3_FORCE_PATH_STYLE ?? false,
          }
        : undefined,
    metricsToken: values.METRICS_TOKEN,
  };
}

/** A secret made once and kept in DATA_DIR, so sessions survive restarts without any set-up. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

let current: Config | undefined;

/** The process-wide configuration, parsed from process.env on first use. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}
