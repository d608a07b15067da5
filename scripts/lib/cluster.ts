// Several instances of the production build behind nginx on 127.0.0.1, sharing one PostgreSQL
// database, Redis and an S3 stand-in: the topology of a production deployment (issue 29), for
// `npm run cluster` and the cluster test.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { startS3Server } from "../../tests/support/s3";
import { freePort, startProductionServer } from "./production-server.mjs";
import { createScratchDatabase } from "./scratch-postgres";

type Instance = Awaited<ReturnType<typeof startProductionServer>>;

export type Cluster = {
  /** The balancer's address: the one address people use. */
  url: string;
  instances: Instance[];
  /** The environment every instance runs with (DATABASE_URL, REDIS_URL, S3_*, SESSION_SECRET…). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export type ClusterOptions = {
  instances?: number;
  /** A PostgreSQL server; the cluster makes a database of its own there and drops it on stop. */
  postgresServer?: string;
  redisUrl?: string;
  /** More environment for every instance (SMTP_URL…). */
  env?: Record<string, string>;
  /** false: run the build there is (`--no-build`), as the benchmarks do; by default the first instance builds when it is stale. */
  build?: boolean;
  /** Runs on the new database before any instance starts (so before any cache holds a row), given the instances' environment: a benchmark's seed. */
  prepare?: (env: Record<string, string>) => void | Promise<void>;
};

const NGINX = "/usr/sbin/nginx";

/**
 * Starts the cluster: a fresh PostgreSQL database, an s3rver bucket, N production instances (each
 * with a DATA_DIR of its own, one SESSION_SECRET) and nginx balancing them, `TRUST_PROXY` set.
 * Everything it started is stopped by `stop()`, also when starting fails half-way.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const redisUrl = options.redisUrl ?? "redis://127.0.0.1:6379";
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((error: unknown) => console.error(`cluster: stopping: ${error}`));
  };
  try {
    await checkRedis(redisUrl);
    const database = await createScratchDatabase(options.postgresServer ?? "postgres://postgres@127.0.0.1:5432", "onward_cluster");
    stops.push(() => database.drop());
    const s3 = await startS3Server("onward-cluster");
    stops.push(() => s3.stop());
    const balancerPort = await freePort();
    const url = `http://127.0.0.1:${balancerPort}`;
    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint ?? "",
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      APP_URL: url,
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      ...options.env,
    };
    await options.prepare?.(env);
    // The first builds when the build is missing or stale and migrates the database; the others then start together.
    const instances: Instance[] = [await startProductionServer({ env, build: options.build ?? true })];
    stops.push(() => instances[0]?.stop() ?? Promise.resolve());
    const others = await Promise.all(Array.from({ length: count - 1 }, () => startProductionServer({ env, build: false })));
    for (const instance of others) {
      instances.push(instance);
      stops.push(() => instance.stop());
    }
    const balancer = await startNginx(
      balancerPort,
      instances.map((instance) => instance.port),
    );
    stops.push(balancer.stop);
    return { url, instances, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function checkRedis(redisUrl: string) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    throw new Error(`Redis does not answer at ${redisUrl}: start it (see the README) or set REDIS_URL`);
  } finally {
    redis.disconnect();
  }
}

/**
 * nginx as the cluster's one address: round robin over the instances; a connection refused, or a
 * 502/503 (an instance down, shedding load or without its database), is retried once on another
 * instance for requests that can be repeated, and the failing instance is left out for 5 s.
 * Bodies are passed on as they arrive (no buffering: uploads stream to the instance).
 */
async function startNginx(port: number, upstreams: number[]): Promise<{ stop(): Promise<void> }> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), "onward-nginx-"));
  // nginx's workers run as nobody: they need their temporary folders writable.
  chmodSync(prefix, 0o755);
  for (const folder of ["body", "proxy"]) {
    mkdirSync(path.join(prefix, folder));
    chmodSync(path.join(prefix, folder), 0o777);
  }
  const config = `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  upstream onward {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 0;
    proxy_request_buffering off;
    proxy_buffering off;
    location / {
      proxy_pass http://onward;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_read_timeout 300s;
    }
  }
}
`;
  writeFileSync(path.join(prefix, "nginx.conf"), config);
  const child = spawn(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", "stderr", "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} (is it installed? apt-get install -y nginx)`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("nginx did not answer within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGQUIT");
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
