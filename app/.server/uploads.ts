import { PassThrough, Readable } from "node:stream";
import busboy from "busboy";
import { formatDigits } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import { cleanForm } from "./clean-form";
import { AppError } from "./errors";
import { multipartBoundary, PartHeaderSanitiser } from "./multipart-headers";

/** One file of a multipart form, as it arrives: the handler must read `stream` (or let it be drained). */
export type UploadedPart = {
  /** The form field's name. */
  field: string;
  /** The name the browser gave the file (unchecked: never use it as a path). Empty when no file was chosen. */
  fileName: string;
  /** The type the browser claimed (unchecked: look at the bytes). */
  claimedType: string;
  /** The file's bytes; fails with `UploadTooLargeError` once it passes `maxFileBytes`. */
  stream: Readable;
};

/** A file went past its size limit while streaming; what had arrived of it must be thrown away. */
export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = "UploadTooLargeError";
  }
}

type MultipartOptions = {
  /** The largest single file, in bytes: its stream fails with UploadTooLargeError past it. */
  maxFileBytes: number;
  /** How many file parts the form may carry (more is a refusal). */
  maxFiles: number;
  /** How many text fields, and how long each may be (in bytes). */
  maxFields?: number;
  maxFieldBytes?: number;
  /**
   * Called for each file part in the order they arrive, one at a time (the next part waits until
   * this one's promise settles, so at most one file is in flight). The stream is drained afterwards
   * whatever the handler did with it. A rejection stops the parse and rejects `readMultipart`.
   */
  onFile: (part: UploadedPart, fieldsSoFar: FormData) => Promise<void>;
};

/**
 * Reads a multipart (or url-encoded) form from the request body as it streams in: text fields are
 * collected, and each file is handed to `onFile` as a stream, never gathered in memory here. The
 * limits are enforced while reading. Resolves with the text fields once the whole body is read
 * (control characters removed as readForm does); rejects with an INVALID AppError for a body that
 * is not a readable form.
 *
 * When the body fails half-way (the connection dropped, a phone lost its signal, the server's
 * idle time-out cut it), the file in flight fails too, so its handler lets go of whatever it held
 * (a stored part, a file descriptor) and this rejects only once that handler has finished.
 */
export function readMultipart(request: Request, options: MultipartOptions): Promise<FormData> {
  const reading = parseMultipart(request, options);
  inFlight.add(reading);
  const forget = () => inFlight.delete(reading);
  reading.then(forget, forget);
  return reading;
}

/** Uploads being read right now, so that shutting down can wait for each to clean up after itself. */
const inFlight = new Set<Promise<FormData>>();

/** Waits (at most `timeoutMs`) until every upload being read has finished or cleaned up after itself. */
export async function uploadsSettled(timeoutMs: number): Promise<void> {
  if (inFlight.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...inFlight]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

async function parseMultipart(request: Request, options: MultipartOptions): Promise<FormData> {
  if (!request.body) return new FormData();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      // Browsers send file names as UTF-8 (a Bengali name stays one).
      defParamCharset: "utf8",
      limits: {
        // busboy calls a file that reaches its limit exactly "limit": one byte more tells an oversized file from a full one.
        fileSize: options.maxFileBytes + 1,
        files: options.maxFiles,
        fields: options.maxFields ?? 100,
        fieldSize: options.maxFieldBytes ?? 64 * 1024,
        parts: options.maxFiles + (options.maxFields ?? 100),
      },
    });
  } catch {
    throw unreadable();
  }
  const fields = new FormData();
  const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);

  return new Promise<FormData>((resolve, reject) => {
    let failed = false;
    let queue = Promise.resolve();
    /** The file streams handed out and not yet read to their end. */
    const open = new Set<PassThrough>();
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      body.unpipe();
      // Whatever is still on its way is read and dropped, so the answer can be sent.
      body.resume();
      // A file cut short fails in its handler's hands, which then removes what it stored of it.
      for (const stream of open) stream.destroy(error instanceof Error ? error : unreadable());
      queue.then(
        () => reject(error),
        () => reject(error),
      );
    };

    parser.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(new AppError("INVALID", m.server_form_field_too_long()));
      fields.append(name, value);
    });
    parser.on("file", (field, file, info) => {
      const stream = new PassThrough();
      open.add(stream);
      stream.once("close", () => open.delete(stream));
      stream.once("end", () => open.delete(stream));
      file.on("limit", () => {
        file.unpipe(stream);
        stream.destroy(new UploadTooLargeError(options.maxFileBytes));
        file.resume();
      });
      file.on("error", (error) => stream.destroy(error));
      // The handler hears of a failure through the stream it reads; an unread one must not crash the process.
      stream.on("error", () => {});
      file.pipe(stream);
      const part: UploadedPart = { field, fileName: info.filename ?? "", claimedType: info.mimeType ?? "", stream };
      queue = queue.then(async () => {
        if (failed) {
          stream.destroy();
          file.resume();
          return;
        }
        try {
          await options.onFile(part, fields);
        } catch (error) {
          fail(error);
        } finally {
          // Whatever the handler left unread goes, so the parser can move on to the next part.
          stream.resume();
          file.resume();
        }
      });
    });
    parser.on("filesLimit", () => fail(new AppError("INVALID", m.server_form_too_many_files({ max: formatDigits(options.maxFiles) }))));
    parser.on("fieldsLimit", () => fail(new AppError("INVALID", m.server_form_too_many_fields())));
    parser.on("partsLimit", () => fail(new AppError("INVALID", m.server_form_too_many_parts())));
    parser.on("error", () => fail(unreadable()));
    parser.on("close", () => {
      queue.then(() => {
        if (!failed) resolve(cleanForm(fields));
      }, fail);
    });
    body.on("error", () => fail(interrupted()));
    const boundary = multipartBoundary(request.headers.get("Content-Type") ?? "");
    if (boundary) {
      const sanitiser = new PartHeaderSanitiser(boundary);
      sanitiser.on("error", () => fail(unreadable()));
      body.pipe(sanitiser).pipe(parser);
    } else {
      body.pipe(parser);
    }
  });
}

/** The connection went before the whole body arrived: nobody is listening for the answer, but it is a refusal, not a fault. */
function interrupted() {
  return new AppError("INVALID", m.server_upload_interrupted());
}

function unreadable() {
  return new AppError("INVALID", m.server_form_unreadable());
}

/**
 * Reads a small form with files (a profile photo, a logo) into a FormData: the same streaming parser,
 * the files gathered in memory because they are re-encoded whole, and the whole body refused past
 * `maxBytes` (counted while it arrives, before anything is kept).
 */
export async function readBoundedFormData(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new AppError("INVALID", tooLarge(maxBytes));
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) return request.formData();
  let received = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(new AppError("INVALID", tooLarge(maxBytes)));
        else controller.enqueue(chunk);
      },
    }),
  );
  const files: { field: string; file: File }[] = [];
  try {
    const form = await readMultipart(
      new Request(request.url, { method: "POST", headers: request.headers, body: counted, duplex: "half" } as RequestInit),
      {
        maxFileBytes: maxBytes,
        maxFiles: 10,
        onFile: async (part) => {
          const chunks: Buffer[] = [];
          for await (const chunk of part.stream) chunks.push(chunk as Buffer);
          files.push({
            field: part.field,
            file: new File([Buffer.concat(chunks)] as BlobPart[], part.fileName, { type: part.claimedType }),
          });
        },
      },
    );
    for (const { field, file } of files) form.append(field, file);
    return form;
  } catch (error) {
    if (received > maxBytes || error instanceof UploadTooLargeError) throw new AppError("INVALID", tooLarge(maxBytes));
    throw error;
  }
}

function tooLarge(maxBytes: number) {
  return m.server_upload_too_large({ max: formatDigits(Math.round(maxBytes / 1024 / 1024)) });
}
