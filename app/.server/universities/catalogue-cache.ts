import { cachedReads } from "../invalidated-cache";

/**
 * Reads of the university catalogue (finder pages by query, each university by slug, the list of
 * countries), kept for a few seconds: visitors read the catalogue all day and staff change it
 * rarely. Whatever changes a university must call `catalogueChanged` after it commits.
 */
const reads = cachedReads({ what: "university catalogue", epochKey: "onward:catalogue:epoch", ttlMs: 30_000, maxEntries: 1_000 });

export const { read: cachedCatalogueRead, changed: catalogueChanged } = reads;
