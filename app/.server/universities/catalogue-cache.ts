import { cacheMode, InvalidatedCache } from "../invalidated-cache";

/**
 * Reads of the university catalogue (finder pages by query, each university by slug, the list of
 * countries), kept for a few seconds: visitors read the catalogue all day and staff change it
 * rarely. Whatever changes a university must call `catalogueChanged` after it commits.
 */
const cache = new InvalidatedCache<unknown>(cacheMode, {
  what: "university catalogue",
  epochKey: "onward:catalogue:epoch",
  ttlMs: 30_000,
  maxEntries: 1_000,
});

/** What `load` reads, or the same read made moments ago under the same `key`. */
export async function cachedCatalogueRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  return (await cache.get(key, async () => ({ value: await load() }))) as T;
}

/** Forgets every cached read (after a university was added, changed or deleted). */
export function catalogueChanged(): Promise<void> {
  return cache.invalidate();
}
