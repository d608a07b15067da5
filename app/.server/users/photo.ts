import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "../errors";

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
const accepted = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * Checks a profile photo by its bytes (not its name), then re-encodes it: turned upright,
 * at most 512 px, WebP, with every piece of metadata (location included) dropped.
 */
export async function preparePhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new AppError("INVALID", "The photo is empty");
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError("INVALID", "The photo is too large: at most 5 MB");
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !accepted.has(type.mime)) throw new AppError("INVALID", "The photo must be a JPEG, PNG or WebP image");
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(512, 512, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError("INVALID", "The photo could not be read; try another file");
  }
}

export function photoKey(userId: string): string {
  return `photos/${userId}/${randomBytes(8).toString("hex")}.webp`;
}

/** The URL a stored photo key is served at (see routes/api/photo.ts). */
export function photoUrl(key: string | null): string | null {
  return key ? `/${key}` : null;
}
