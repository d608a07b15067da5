import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { formatDigits } from "~/lib/numbers";
import { MAX_PHOTO_BYTES } from "~/lib/photo-limits";
import { m } from "~/paraglide/messages";
import { db } from "../db";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { withImageSlot } from "../image-slots";
import { getStorage } from "../storage/storage";

export { MAX_PHOTO_BYTES };

const accepted = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * A picture (profile, member, consultant photo, logo) may have at most this many pixels: a 50 MP
 * phone photo is more than any of them needs, and a 7000 × 7000 PNG of a few hundred kilobytes
 * would otherwise decode to 150 MB. Refused from the image's header, before decoding.
 */
export const MAX_PICTURE_PIXELS = 25_000_000;

/**
 * Checks an uploaded image by its bytes (not its name), then re-encodes it: turned upright, at
 * most `size` px, WebP, with every piece of metadata (location included) dropped. `noun` names it
 * in the refusals ("The logo is too large: at most 2 MB"), in the request's language (m.server_image_logo()). Decoded in one of the process's image
 * turns, shared with application documents.
 */
export async function prepareImage(bytes: Buffer, options: { maxBytes: number; noun: string; size: number }): Promise<Buffer> {
  const image = options.noun;
  if (bytes.length === 0) throw new AppError("INVALID", m.server_image_empty({ image }));
  if (bytes.length > options.maxBytes) {
    throw new AppError("INVALID", m.server_image_too_large({ image, max: formatDigits(options.maxBytes / 1024 / 1024) }));
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !accepted.has(type.mime)) throw new AppError("INVALID", m.server_image_wrong_type({ image }));
  try {
    return await withImageSlot(() =>
      sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS })
        .rotate()
        .resize(options.size, options.size, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    );
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) {
      throw new AppError("INVALID", m.server_image_too_many_pixels({ image, max: formatDigits(MAX_PICTURE_PIXELS / 1_000_000) }));
    }
    throw new AppError("INVALID", m.server_image_unreadable({ image }));
  }
}

/** A profile or member photo (a consultant's "picture"): at most 5 MB, kept at most 512 px. */
export function preparePhoto(bytes: Buffer, noun = m.server_image_photo()): Promise<Buffer> {
  return prepareImage(bytes, { maxBytes: MAX_PHOTO_BYTES, noun, size: 512 });
}

export function photoKey(userId: string): string {
  return `photos/${userId}/${randomBytes(8).toString("hex")}.webp`;
}

/** The URL a stored photo key is served at (see routes/api/photo.ts). */
export function photoUrl(key: string | null): string | null {
  return key ? `/${key}` : null;
}

/**
 * A stored profile photo, for the photo route. A consultant's photo is public (students choose
 * consultants by it); anyone else's only for signed-in people (`isSignedIn` is asked only then).
 * Throws NOT_FOUND for a key that is not someone's current photo, and for a hidden one.
 */
export async function readProfilePhoto(input: {
  userId: string;
  file: string;
  isSignedIn: () => Promise<boolean>;
}): Promise<{ bytes: Buffer; isPublic: boolean }> {
  const key = `photos/${input.userId}/${input.file}`;
  const [owner] = await db()
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.image, key)));
  if (!owner) throw new AppError("NOT_FOUND", m.server_not_found());
  const isPublic = owner.role === "consultant";
  if (!isPublic && !(await input.isSignedIn())) throw new AppError("NOT_FOUND", m.server_not_found());
  const bytes = await getStorage().get(key);
  if (!bytes) throw new AppError("NOT_FOUND", m.server_not_found());
  return { bytes, isPublic };
}
