import { cachedReads } from "../invalidated-cache";

/**
 * The booking lists, by their query, for a few seconds: the booking page's consultant cards (with
 * their free-slot counts) and each consultant's page, a student's bookings, a consultant's
 * bookings and slots, and the managers' consultant list. They change only when a consultant, a
 * slot or a booking does (or a consultant's role). Each such change calls `bookingListsChanged` after it commits (on every
 * instance: see InvalidatedCache, ADR 018). Time moves lists too: a slot that starts meanwhile is
 * counted as free, or "upcoming", for at most the TTL; booking it is refused anyway.
 */
const reads = cachedReads({ what: "booking lists", epochKey: "onward:booking-lists:epoch", ttlMs: 15_000, maxEntries: 2_000 });

export const { read: cachedBookingList, changed: bookingListsChanged } = reads;
