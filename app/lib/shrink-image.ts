/**
 * Photos made smaller in the browser before they are sent (ADR 032): a 12-megapixel phone photo
 * of a certificate is 3–5 MB, and at 2,000 px on its longest side, as a JPEG at quality 0.85, the
 * print on it stays sharp at about a tenth of the bytes. Decoding applies the EXIF orientation,
 * and the canvas keeps no metadata (no GPS position, no camera). The server checks and re-encodes
 * whatever arrives exactly as before: this only saves the student's data and time.
 */

/** The longest side of a photo as sent. */
export const MAX_IMAGE_SIDE = 2000;
/** JPEG quality: text on a scanned or photographed page stays crisp, the noise is dropped. */
export const JPEG_QUALITY = 0.85;

/** What is sent for one chosen file, and its size before (when it was made smaller). */
export type PreparedFile = { file: File; originalSize: number | null };

/** The longest side at most `maxSide`, the proportions kept; the same size when it already fits. */
export function fittedSize(width: number, height: number, maxSide = MAX_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `scan.png` sent as a JPEG is named `scan.jpg`, so a download opens with the right program. */
export function jpegName(fileName: string): string {
  const stem = fileName.replace(/\.[^./\\]{1,5}$/, "");
  return `${stem || "photo"}.jpg`;
}

/** A PDF, or anything the browser gives no image type for and whose name is not an image's, goes as it is. */
function mayBeImage(file: File): boolean {
  if (file.type) return file.type.startsWith("image/");
  return /\.(jpe?g|png|webp|heic|heif|avif|gif|bmp)$/i.test(file.name);
}

/**
 * The file to send for a chosen document: a photo re-drawn upright at most MAX_IMAGE_SIDE on its
 * longest side as a JPEG; the original when it is not an image, when the browser cannot decode it
 * (HEIC on most Android phones: the server then says what it accepts), or when it already fits
 * and re-encoding would not make it smaller.
 */
export async function prepareForUpload(file: File): Promise<PreparedFile> {
  const original = { file, originalSize: null };
  if (!mayBeImage(file) || typeof createImageBitmap !== "function") return original;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return original;
  }
  const size = fittedSize(bitmap.width, bitmap.height);
  const shrinks = size.width < bitmap.width;
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) {
    bitmap.close();
    return original;
  }
  // A transparent PNG would turn black as a JPEG: paper is white.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
  // Let a phone's memory go at once: the canvas of a large photo holds tens of megabytes.
  canvas.width = 0;
  canvas.height = 0;
  if (blob?.type !== "image/jpeg") return original;
  if (!shrinks && blob.size >= file.size) return original;
  return { file: new File([blob], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified }), originalSize: file.size };
}

/**
 * For a form that posts its files whole (the new copies staff ask for): the chosen photo in `input`
 * is swapped for its smaller copy, so the post carries that. Resolves once done; leaves the input
 * alone when nothing was made smaller or another file was chosen meanwhile.
 */
export async function shrinkChosenFile(input: HTMLInputElement): Promise<void> {
  const file = input.files?.[0];
  if (!file || typeof DataTransfer !== "function") return;
  const prepared = await prepareForUpload(file);
  if (prepared.originalSize === null || input.files?.[0] !== file) return;
  const chosen = new DataTransfer();
  chosen.items.add(prepared.file);
  input.files = chosen.files;
}
