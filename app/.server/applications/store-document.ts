import { createHash, randomBytes } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { type DocumentField, type DocumentType, documentInfo, documentTypes, formatBytes } from "~/lib/applications";
import { formatDigits } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import { AppError } from "../errors";
import { withImageSlot } from "../image-slots";
import { getStorage } from "../storage/storage";
import { UploadTooLargeError } from "../uploads";
import type { StoredDocument } from "./schema";

/** An image may have at most this many pixels: a 20,000 × 20,000 "scan" is refused from its header, before decoding. */
export const MAX_DOCUMENT_PIXELS = 50_000_000;
/** Enough of a file's start to know its type by its bytes. */
const HEAD_BYTES = 4_100;
const extensions: Record<DocumentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/**
 * Checks one uploaded document as it streams in and stores it under a key the server makes
 * (applications/{id}/{field}-{random}.{ext}), never under the student's file name:
 * - its type by its first bytes: JPEG, PNG, WebP or PDF (a PDF named .png is a PDF; an HTML or
 *   PHP file named .jpg is refused), and not empty;
 * - at most `maxBytes` (the parser stops the stream past it; the part written is removed);
 * - an image is re-encoded by sharp in the same format with every piece of metadata (GPS
 *   included) dropped, turned upright, and refused from its header when it has more than
 *   MAX_DOCUMENT_PIXELS; a PDF is stored as it is.
 * A PDF flows from the request to storage without being gathered in memory; an image is gathered
 * (at most `maxBytes`) and only then decoded, in one of the process's image turns, so a slow or
 * dropped connection never holds a turn. Throws AppError (INVALID, or TOO_LARGE for 413) with the
 * problem named on the field, or the upload stream's own error when the connection was lost;
 * nothing stays stored then.
 */
export async function storeDocument(input: {
  applicationId: string;
  field: DocumentField;
  fileName: string;
  stream: Readable;
  maxBytes: number;
}): Promise<StoredDocument> {
  const { field, maxBytes } = input;
  const document = documentInfo(field).noun;
  const refuse = (message: string, code: "INVALID" | "TOO_LARGE" = "INVALID") =>
    new AppError(code, message, { fieldErrors: { [field]: message } });
  try {
    const head = await readHead(input.stream, HEAD_BYTES);
    if (head.head.length === 0) throw refuse(m.server_document_empty({ document }));
    const detected = await fileTypeFromBuffer(head.head);
    const type = documentTypes.find((accepted) => accepted === detected?.mime);
    if (!type) {
      head.rest.resume();
      throw refuse(m.server_document_wrong_type({ document }));
    }
    const storageKey = `applications/${input.applicationId}/${field}-${randomBytes(8).toString("hex")}.${extensions[type]}`;
    const stored =
      type === "application/pdf"
        ? await putStream(storageKey, head.rest, type)
        : await putBytes(storageKey, await reencode(type, await gather(head.rest), document, refuse), type);
    return {
      field,
      storageKey,
      fileName: cleanFileName(input.fileName, field, extensions[type]),
      contentType: type,
      ...stored,
    };
  } catch (error) {
    if (error instanceof UploadTooLargeError)
      throw refuse(m.server_document_too_large({ document, max: formatBytes(maxBytes) }), "TOO_LARGE");
    throw error;
  }
}

/**
 * The documents of one multipart post, each checked and stored as it streams in: the last file of
 * a field wins (an earlier one is deleted), a refused file leaves its problem on its field (and
 * `tooLarge` for a 413), and `discard` deletes what was stored when the post as a whole fails.
 */
export class DocumentBatch {
  readonly stored = new Map<DocumentField, StoredDocument>();
  readonly fieldErrors: Record<string, string> = {};
  tooLarge = false;

  constructor(private readonly maxBytes: number) {}

  async store(applicationId: string, field: DocumentField, part: { fileName: string; stream: Readable }): Promise<void> {
    try {
      const document = await storeDocument({ applicationId, field, fileName: part.fileName, stream: part.stream, maxBytes: this.maxBytes });
      const earlier = this.stored.get(field);
      if (earlier) await deleteStored([earlier.storageKey]);
      this.stored.set(field, document);
      delete this.fieldErrors[field];
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.fieldErrors[field] = error.fieldErrors[field] ?? error.message;
      if (error.code === "TOO_LARGE") this.tooLarge = true;
    }
  }

  discard(): Promise<void> {
    return deleteStored([...this.stored.values()].map((document) => document.storageKey));
  }
}

/** Files no row points at any more; what fails here the sweeper removes later. */
export async function deleteStored(keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      getStorage()
        .delete(key)
        .catch(() => {}),
    ),
  );
}

/** Stores a stream as it arrives, measuring it on the way; a failed or interrupted stream leaves nothing stored. */
async function putStream(storageKey: string, body: Readable, contentType: DocumentType) {
  const digest = createHash("sha256");
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      digest.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const [piped, stored] = await Promise.allSettled([pipeline(body, measure), getStorage().put(storageKey, measure, { contentType })]);
  const failure = piped.status === "rejected" ? piped.reason : stored.status === "rejected" ? stored.reason : undefined;
  if (failure !== undefined) {
    await getStorage()
      .delete(storageKey)
      .catch(() => {});
    throw failure;
  }
  return { size, sha256: digest.digest("hex") };
}

async function putBytes(storageKey: string, bytes: Buffer, contentType: DocumentType) {
  try {
    await getStorage().put(storageKey, bytes, { contentType });
  } catch (error) {
    await getStorage()
      .delete(storageKey)
      .catch(() => {});
    throw error;
  }
  return { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** The whole of a stream; rejects with the stream's error (a dropped connection, a file past its limit). */
async function gather(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The same format, upright, with no metadata at all (sharp keeps none unless asked), decoded in an image turn. */
async function reencode(
  type: Exclude<DocumentType, "application/pdf">,
  original: Buffer,
  document: string,
  refuse: (message: string) => AppError,
): Promise<Buffer> {
  try {
    return await withImageSlot(() => {
      const image = sharp(original, { limitInputPixels: MAX_DOCUMENT_PIXELS, sequentialRead: true }).rotate();
      if (type === "image/jpeg") return image.jpeg({ quality: 90, mozjpeg: false }).toBuffer();
      if (type === "image/png") return image.png({ compressionLevel: 6 }).toBuffer();
      return image.webp({ quality: 90 }).toBuffer();
    });
  } catch (error) {
    throw refuse(
      /pixel limit/i.test(String((error as Error).message))
        ? m.server_document_too_many_pixels({ document, max: formatDigits(MAX_DOCUMENT_PIXELS / 1_000_000) })
        : m.server_document_unreadable({ document }),
    );
  }
}

/**
 * The first `bytes` of a stream (fewer when it is shorter), and the same stream to read all of it
 * from the start: the head is read with `read()` and put back with `unshift()`, so the rest of the
 * file flows on through the stream itself, with no second stream in between.
 */
async function readHead(stream: Readable, bytes: number): Promise<{ head: Buffer; rest: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes && !stream.readableEnded) {
    const chunk: Buffer | null = stream.read();
    if (chunk === null) {
      if (stream.destroyed) throw stream.errored ?? new Error("The upload stream closed before it ended");
      await new Promise<void>((resolve, reject) => {
        const settle = (error?: unknown) => {
          stream.off("readable", ready);
          stream.off("end", ready);
          stream.off("error", settle);
          stream.off("close", closed);
          if (error === undefined) resolve();
          else reject(error);
        };
        const ready = () => settle();
        const closed = () => settle(stream.errored ?? new Error("The upload stream closed before it ended"));
        stream.once("readable", ready);
        stream.once("end", ready);
        stream.once("error", settle);
        stream.once("close", closed);
      });
      if (stream.errored) throw stream.errored;
      continue;
    }
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  // A file no longer than its head has ended already, and an ended stream takes nothing back.
  if (stream.readableEnded) return { head, rest: Readable.from(head.length > 0 ? [head] : []) };
  if (head.length > 0) stream.unshift(head);
  return { head, rest: stream };
}

/**
 * The student's file name as we show it: the last part of any path (`../../x.pdf` is `x.pdf`),
 * without control or direction-changing characters, at most 120 characters; a name that is
 * nothing after that becomes the document's own ("passport.pdf").
 */
export function cleanFileName(name: string, field: DocumentField, extension: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 120);
  return cleaned || `${field}.${extension}`;
}
