import { cacheMode, InvalidatedCache } from "../invalidated-cache";

/**
 * Pages of the booking page's consultant cards (with their free-slot counts), by their query, for
 * a few seconds: every signed-in student opens it, and it changes only when a consultant, a slot
 * or a booking does. Each such change calls `bookingListsChanged` after it commits (on every
 * instance: see InvalidatedCache, ADR 018). A slot that starts meanwhile is counted as free for
 * at most the TTL; booking it is refused anyway.
 */
const cache = new InvalidatedCache<unknown>(cacheMode, {
  what: "consultant cards",
  epochKey: "onward:booking-lists:epoch",
  ttlMs: 15_000,
  maxEntries: 200,
});

/** The page `load` reads, or the same page read moments ago under the same `key`. */
export async function cachedBookingList<T>(key: string, load: () => Promise<T>): Promise<T> {
  return (await cache.get(key, async () => ({ value: await load() }))) as T;
}

/** Forgets every cached page (after a consultant, a slot or a booking changed). */
export function bookingListsChanged(): Promise<void> {
  return cache.invalidate();
}
