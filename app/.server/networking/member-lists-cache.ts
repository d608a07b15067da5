import { cacheMode, InvalidatedCache } from "../invalidated-cache";

/**
 * Pages of the directory and of the manage list, by their query, for a few seconds: the two
 * lists are read on every visit and change only when staff (or a member, for Connect) change a
 * member. Every such change calls `memberListsChanged` after it commits, so the next page view
 * shows it (on every instance: see InvalidatedCache).
 */
const cache = new InvalidatedCache<unknown>(cacheMode, {
  what: "networking member lists",
  epochKey: "onward:member-lists:epoch",
  ttlMs: 30_000,
  maxEntries: 500,
});

/** The page `load` reads, or the same page read moments ago under the same `key`. */
export async function cachedMemberList<T>(key: string, load: () => Promise<T>): Promise<T> {
  return (await cache.get(key, async () => ({ value: await load() }))) as T;
}

/** Forgets every cached page (after a member was added, changed, shown, hidden or deleted). */
export function memberListsChanged(): Promise<void> {
  return cache.invalidate();
}
