import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "~/.server/config";

/**
 * A real S3-compatible server on 127.0.0.1 (s3rver, files in a temporary folder) with one bucket,
 * and the configuration that reaches it: what S3_BUCKET, S3_ENDPOINT… would give.
 */
export async function startS3Server(bucket = "onward-test"): Promise<{ config: S3Config; stop(): Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "onward-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
