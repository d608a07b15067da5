import path from "node:path";

/** What the banner tells of the configuration (app/.server/config.ts). */
type BannerConfig = {
  env: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  redisUrl: string | undefined;
  s3: { bucket: string } | undefined;
};

/**
 * What the server prints before it accepts connections: where it answers, which database and
 * data folder it uses, where mail goes, and, while the site waits for its first-run set-up, the
 * set-up link. Passwords and other secrets in the URLs are never printed.
 */
export function startBanner(input: { config: BannerConfig; setupToken?: string | undefined }): string[] {
  const { config, setupToken } = input;
  const lines = [`Onward is starting on ${config.appUrl}`];
  lines.push(
    config.databaseUrl
      ? `  database  PostgreSQL at ${redactUrl(config.databaseUrl)}`
      : `  database  embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, "db")}`,
  );
  lines.push(`  data      ${config.dataDir}${config.s3 ? ` (uploads in the S3 bucket ${config.s3.bucket})` : ""}`);
  lines.push(`  mail      ${mailDestination(config)}`);
  if (config.redisUrl) lines.push(`  redis     ${redactUrl(config.redisUrl)}`);
  if (setupToken) {
    lines.push(`  set-up    open ${setupUrl(config.appUrl, setupToken)} to create the first admin (works once)`);
  }
  return lines;
}

export function setupUrl(appUrl: string, token: string): string {
  return `${appUrl}/setup?token=${token}`;
}

function mailDestination(config: BannerConfig): string {
  if (config.smtpUrl) return `sent through ${redactUrl(config.smtpUrl)}`;
  const folder = path.join(config.dataDir, "mail");
  return config.env === "development"
    ? `no SMTP_URL: kept in ${folder}, read at ${config.appUrl}/dev/mail`
    : `no SMTP_URL: kept as .eml files in ${folder}`;
}

/** Query parameters that may carry a secret (node-postgres reads `password`, `sslpassword`…). */
const secretParameter = /pass|secret|key|token/i;

/** A URL fit to print: its password, and any secret-looking query parameter, replaced by ***. */
export function redactUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "(not a valid URL)";
  }
  if (url.password) url.password = "***";
  for (const name of [...url.searchParams.keys()]) {
    if (secretParameter.test(name)) url.searchParams.set(name, "***");
  }
  return url.href;
}
