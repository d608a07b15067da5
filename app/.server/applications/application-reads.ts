import { cachedReads } from "../invalidated-cache";

/**
 * Applications as their pages read them, for a few seconds: the staff list (by its filters and
 * page), a student's own list and each detail page (ADR 018's cache). Staff open these pages all
 * day, and an application changes only when its student uploads to the draft or submits, or staff
 * set a status or write a note; each of those calls `applicationsChanged` once it has committed,
 * so the next read after a change sees it (on every instance: InvalidatedCache).
 */
const reads = cachedReads({ what: "application pages", epochKey: "onward:applications:epoch", ttlMs: 15_000, maxEntries: 2_000 });

export const { read: cachedApplicationRead, changed: applicationsChanged } = reads;
