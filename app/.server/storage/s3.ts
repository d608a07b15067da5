import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "../config";
import { assertSafeKey } from "./keys";
import type { FileStorage } from "./storage";

/** Parts of a streamed upload: S3's smallest (5 MB), two at a time, so one upload holds at most about 10 MB. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), chosen when S3_BUCKET is set. Streams go up
 * as a multipart upload (`@aws-sdk/lib-storage`), which S3 makes visible only once complete, so a
 * reader never sees half a file; an upload that fails is aborted. Checksums are sent and checked
 * only where the service requires them, which older S3-compatible stores need.
 */
export function s3Storage(config: S3Config): FileStorage {
  // The SDK loads on first use: a server on local disk never pays for it.
  let loaded:
    | Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3"); Upload: typeof import("@aws-sdk/lib-storage").Upload }>
    | undefined;
  const load = () => {
    loaded ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([sdk, storage]) => ({
      sdk,
      Upload: storage.Upload,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    }));
    return loaded;
  };
  const Bucket = config.bucket;
  return {
    async put(key, body, options = {}) {
      assertSafeKey(key);
      const { client, sdk, Upload } = await load();
      const ContentType = options.contentType ?? "application/octet-stream";
      if (body instanceof Uint8Array) {
        await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType, ContentLength: body.byteLength }));
        return;
      }
      const Body = body instanceof Readable ? body : Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
      const upload = new Upload({ client, params: { Bucket, Key: key, Body, ContentType }, partSize: PART_SIZE, queueSize: QUEUE_SIZE });
      await upload.done();
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async getStream(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return { body: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
    },
    async delete(key) {
      assertSafeKey(key);
      const { client, sdk } = await load();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      const { client, sdk } = await load();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };

  async function getObject(key: string) {
    assertSafeKey(key);
    const { client, sdk } = await load();
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404))
        return null;
      throw error;
    }
  }
}
