import { Transform, type TransformCallback } from "node:stream";

const HEADERS_END = Buffer.from("\r\n\r\n");

/**
 * Replaces control characters inside multipart part headers with "_", leaving the parts' bodies
 * untouched. Browsers send a file's name as it is (only CR, LF and quotes escaped), so a file
 * named with a control character would make the parser refuse the whole form as malformed; with
 * this, it arrives under a harmless name (and is stored under a generated one anyway).
 */
export class PartHeaderSanitiser extends Transform {
  private readonly delimiter: Buffer;
  /** Bytes kept back: the start of a delimiter or a headers' end may straddle two chunks. */
  private carry: Buffer;
  private inHeaders = false;
  /** The "\r\n" put in front so the first boundary looks like every other; it is never sent on. */
  private prefixToDrop = 2;

  constructor(boundary: string) {
    super();
    this.delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
    this.carry = Buffer.from("\r\n");
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    let position = 0;
    for (;;) {
      if (!this.inHeaders) {
        const found = data.indexOf(this.delimiter, position);
        if (found < 0) {
          const keep = Math.min(this.delimiter.length - 1, data.length - position);
          this.send(data.subarray(position, data.length - keep));
          this.carry = Buffer.from(data.subarray(data.length - keep));
          break;
        }
        this.send(data.subarray(position, found + this.delimiter.length));
        position = found + this.delimiter.length;
        this.inHeaders = true;
      } else {
        const end = data.indexOf(HEADERS_END, position);
        if (end < 0) {
          const keep = Math.min(HEADERS_END.length - 1, data.length - position);
          this.send(cleaned(data.subarray(position, data.length - keep)));
          this.carry = Buffer.from(data.subarray(data.length - keep));
          break;
        }
        this.send(cleaned(data.subarray(position, end + HEADERS_END.length)));
        position = end + HEADERS_END.length;
        this.inHeaders = false;
      }
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.send(this.inHeaders ? cleaned(this.carry) : this.carry);
    callback();
  }

  private send(bytes: Buffer) {
    if (bytes.length === 0) return;
    if (this.prefixToDrop > 0) {
      const dropped = Math.min(this.prefixToDrop, bytes.length);
      this.prefixToDrop -= dropped;
      bytes = bytes.subarray(dropped);
      if (bytes.length === 0) return;
    }
    this.push(bytes);
  }
}

/** A copy with control characters other than tab, CR and LF replaced by "_". */
function cleaned(bytes: Buffer): Buffer {
  let copy: Buffer | undefined;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index] as number;
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) {
      copy ??= Buffer.from(bytes);
      copy[index] = 0x5f;
    }
  }
  return copy ?? bytes;
}

/** The boundary of a multipart content type, or undefined. */
export function multipartBoundary(contentType: string): string | undefined {
  if (!/^multipart\/form-data/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}
