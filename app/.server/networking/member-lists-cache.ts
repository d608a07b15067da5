import { cachedReads } from "../invalidated-cache";

/**
 * Pages of the directory and of the manage list, by their query, for a few seconds: the two
 * lists are read on every visit and change only when staff (or a member, for Connect) change a
 * member. Every such change calls `memberListsChanged` after it commits, so the next page view
 * shows it (on every instance: see InvalidatedCache).
 */
const reads = cachedReads({ what: "networking member lists", epochKey: "onward:member-lists:epoch", ttlMs: 30_000, maxEntries: 500 });

export const { read: cachedMemberList, changed: memberListsChanged } = reads;
