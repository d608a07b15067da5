/**
 * Decoding an image holds it whole in memory (a 12-megapixel scan is ~36 MB, a 25-megapixel
 * picture ~75 MB), so application documents and pictures (profile, member, consultant photos,
 * logos) take turns: at most IMAGE_SLOTS images are decoded at once in this process, the rest wait.
 *
 * A turn covers the decoding and encoding only, never the network: callers gather the file's
 * bytes first, so a slow phone or an abandoned upload cannot hold a turn (a stalled upload once
 * held both and every image upload waited until restart).
 */
export const IMAGE_SLOTS = 2;

let busy = 0;
const waiting: (() => void)[] = [];

/** Runs `work` in an image turn, waiting for one when all are taken; the turn is given back however `work` ends. */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= IMAGE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  busy += 1;
  try {
    return await work();
  } finally {
    busy -= 1;
    waiting.shift()?.();
  }
}

/** How many turns are taken and how many wait (for tests). */
export function imageSlotUse(): { busy: number; waiting: number } {
  return { busy, waiting: waiting.length };
}
