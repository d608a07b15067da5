/** Keys the server makes: letters, digits and `/_.-`, never `..` (checked by every storage back end). */
const safeKey = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function assertSafeKey(key: string): void {
  if (!safeKey.test(key) || key.includes("..") || key.includes("//")) throw new Error(`Invalid storage key: ${key}`);
}

/** A key's temporary twin while it is being written (local disk): the sweeper removes those left behind. */
export const PARTIAL_MARKER = ".partial-";
