import { Transform, type TransformCallback } from "node:stream";

const HEADERS_END = Buffer.from("\r\n\r\n");
const EMPTY = Buffer.alloc(0);

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
    // A delimiter or a headers' end that straddles the previous chunk starts in the few bytes kept
    // back: look for it in those and the chunk's first bytes only, so the chunk itself is never
    // copied (a 10 MB document passes through here in 64 kB pieces).
    let position = 0;
    let data = chunk;
    const needle = this.inHeaders ? HEADERS_END : this.delimiter;
    if (this.carry.length > 0 && chunk.length < needle.length) {
      // A chunk this small may not finish a match begun in the carry: join them (a copy of a few bytes).
      data = Buffer.concat([this.carry, chunk]);
      this.carry = EMPTY;
    } else if (this.carry.length > 0) {
      const carried = this.carry;
      const window = Buffer.concat([carried, chunk.subarray(0, needle.length - 1)]);
      const found = window.indexOf(needle);
      if (found >= 0 && found < carried.length) {
        position = found + needle.length - carried.length;
        this.send(this.inHeaders ? cleaned(carried) : carried);
        this.send(this.inHeaders ? cleaned(chunk.subarray(0, position)) : chunk.subarray(0, position));
        this.inHeaders = !this.inHeaders;
      } else {
        this.send(this.inHeaders ? cleaned(carried) : carried);
      }
      this.carry = EMPTY;
    }
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
