import { createHash, randomBytes } from "node:crypto";
import { pipeline, Readable, Transform } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { type DocumentField, type DocumentType, documentInfo, documentTypes, formatBytes } from "~/lib/applications";
import { AppError } from "../errors";
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
 * The bytes flow from the request to storage without being gathered in memory. Throws AppError
 * (INVALID, or TOO_LARGE for 413) with the problem named on the field; nothing stays stored then.
 */
export async function storeDocument(input: {
  applicationId: string;
  field: DocumentField;
  fileName: string;
  stream: Readable;
  maxBytes: number;
}): Promise<StoredDocument> {
  const { field, maxBytes } = input;
  const noun = documentInfo(field).noun;
  const refuse = (message: string, code: "INVALID" | "TOO_LARGE" = "INVALID") =>
    new AppError(code, message, { fieldErrors: { [field]: message } });
  const tooLarge = () => refuse(`The ${noun} is too large: at most ${formatBytes(maxBytes)}`, "TOO_LARGE");

  let head: { head: Buffer; rest: Readable };
  try {
    head = await readHead(input.stream, HEAD_BYTES);
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw tooLarge();
    throw error;
  }
  if (head.head.length === 0) throw refuse(`The ${noun} is empty: choose the file again`);
  const detected = await fileTypeFromBuffer(head.head);
  const type = documentTypes.find((accepted) => accepted === detected?.mime);
  if (!type) {
    head.rest.resume();
    throw refuse(`The ${noun} must be a JPEG, PNG or WebP image or a PDF file`);
  }

  const storageKey = `applications/${input.applicationId}/${field}-${randomBytes(8).toString("hex")}.${extensions[type]}`;
  const digest = createHash("sha256");
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      digest.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const image = type === "application/pdf" ? undefined : reencode(type);
  let imageFailure: unknown;
  image?.once("error", (error) => {
    imageFailure = error;
  });
  let output!: Readable;
  const streamed = new Promise<void>((resolve, reject) => {
    const stages = image ? [head.rest, image, measure] : [head.rest, measure];
    output = pipeline(stages, (error) => (error ? reject(error) : resolve())) as unknown as Readable;
  });
  const release = image ? await imageSlot() : () => {};
  try {
    const [piped, stored] = await Promise.allSettled([streamed, getStorage().put(storageKey, output, { contentType: type })]);
    const failure = piped.status === "rejected" ? piped.reason : stored.status === "rejected" ? stored.reason : undefined;
    if (failure !== undefined) {
      await getStorage()
        .delete(storageKey)
        .catch(() => {});
      if (failure instanceof UploadTooLargeError || (piped.status === "rejected" && piped.reason instanceof UploadTooLargeError))
        throw tooLarge();
      if (imageFailure !== undefined) {
        throw refuse(
          /pixel limit/i.test(String((imageFailure as Error).message))
            ? `The ${noun} has too many pixels: at most ${MAX_DOCUMENT_PIXELS / 1_000_000} megapixels`
            : `The ${noun} could not be read as an image: try another file`,
        );
      }
      throw failure;
    }
  } finally {
    release();
  }
  return {
    field,
    storageKey,
    fileName: cleanFileName(input.fileName, field, extensions[type]),
    contentType: type,
    size,
    sha256: digest.digest("hex"),
  };
}

/** The same format, upright, with no metadata at all (sharp keeps none unless asked). */
function reencode(type: Exclude<DocumentType, "application/pdf">) {
  const image = sharp({ limitInputPixels: MAX_DOCUMENT_PIXELS, sequentialRead: true }).rotate();
  if (type === "image/jpeg") return image.jpeg({ quality: 90, mozjpeg: false });
  if (type === "image/png") return image.png({ compressionLevel: 6 });
  return image.webp({ quality: 90 });
}

/**
 * Re-encoding an image holds it decoded in memory (a 12-megapixel scan is ~36 MB), so only two run
 * at a time; the rest wait their turn with their bytes held back by the request's own flow control.
 */
const IMAGE_SLOTS = 2;
let busy = 0;
const waiting: (() => void)[] = [];

async function imageSlot(): Promise<() => void> {
  if (busy >= IMAGE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  busy += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    busy -= 1;
    waiting.shift()?.();
  };
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
      await new Promise<void>((resolve, reject) => {
        const settle = () => {
          stream.off("readable", settle);
          stream.off("end", settle);
          stream.off("error", fail);
          resolve();
        };
        const fail = (error: unknown) => {
          stream.off("readable", settle);
          stream.off("end", settle);
          reject(error);
        };
        stream.once("readable", settle);
        stream.once("end", settle);
        stream.once("error", fail);
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
