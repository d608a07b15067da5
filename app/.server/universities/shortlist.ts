import { EventEmitter } from "node:events";
import { and, desc, eq, inArray } from "drizzle-orm";
import { type NextDeadline, nextDeadline } from "~/lib/deadlines";
import { formatDigits } from "~/lib/numbers";
import type { Paginated } from "~/lib/pagination";
import { COMPARE_MAX, type Intake } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import { db } from "../db";
import { shortlistEntries, universities } from "../db/schema";
import { AppError } from "../errors";
import { InvalidatedCache, sharedCounter } from "../invalidated-cache";
import { paginate } from "../pagination";
import { cachedCatalogueRead } from "./catalogue-cache";
import { universityCardColumns } from "./find-universities";
import type { UniversityCard } from "./schema";

/** Tells jobs in this process (the deadline reminders) that someone (the listener's argument, a user id) added a university to their shortlist. */
export const shortlistEvents = new EventEmitter();

/** A shortlist is for choosing: past this many, something has to go first. */
export const SHORTLIST_MAX = 50;
export const SHORTLIST_PAGE_SIZE = 12;

async function universityBySlug(slug: string, tx: Pick<ReturnType<typeof db>, "select"> = db()) {
  const [university] = await tx
    .select({ id: universities.id, name: universities.name })
    .from(universities)
    .where(eq(universities.slug, slug));
  if (!university) throw new AppError("NOT_FOUND", m.server_university_not_found());
  return university;
}

/**
 * Puts a university on the person's shortlist (already there: nothing changes). Counted under a
 * lock on the person's entries so two quick taps cannot pass the limit. Throws AppError:
 * NOT_FOUND (no such university), CONFLICT (the shortlist is full).
 */
export async function addToShortlist(input: { userId: string; slug: string }): Promise<{ name: string }> {
  const added = await db().transaction(async (tx) => {
    const university = await universityBySlug(input.slug, tx);
    const entries = await tx
      .select({ universityId: shortlistEntries.universityId })
      .from(shortlistEntries)
      .where(eq(shortlistEntries.userId, input.userId))
      .for("update");
    if (entries.some((entry) => entry.universityId === university.id)) return { name: university.name };
    if (entries.length >= SHORTLIST_MAX) throw new AppError("CONFLICT", m.server_shortlist_full({ max: formatDigits(SHORTLIST_MAX) }));
    await tx.insert(shortlistEntries).values({ userId: input.userId, universityId: university.id }).onConflictDoNothing();
    return { name: university.name };
  });
  await shortlistsChanged();
  shortlistEvents.emit("added", input.userId);
  return added;
}

/** Takes a university off the person's shortlist (not on it: nothing changes). Throws AppError NOT_FOUND for an unknown university. */
export async function removeFromShortlist(input: { userId: string; slug: string }): Promise<{ name: string }> {
  const university = await universityBySlug(input.slug);
  await db()
    .delete(shortlistEntries)
    .where(and(eq(shortlistEntries.userId, input.userId), eq(shortlistEntries.universityId, university.id)));
  await shortlistsChanged();
  return { name: university.name };
}

/**
 * The slugs on each person's shortlist, newest first, kept for a few seconds: the finder and every
 * university page ask on each signed-in view, and hearts are rare next to page views. Every change
 * to a shortlist (and every deleted university) empties it, on every instance (InvalidatedCache).
 */
const shortlists = new InvalidatedCache<string[]>(sharedCounter({ what: "shortlists", epochKey: "onward:shortlists:epoch" }), {
  ttlMs: 30_000,
  maxEntries: 5_000,
});

async function shortlistSlugs(userId: string): Promise<string[]> {
  const slugs = await shortlists.get(userId, async () => {
    const rows = await db()
      .select({ slug: universities.slug })
      .from(shortlistEntries)
      .innerJoin(universities, eq(universities.id, shortlistEntries.universityId))
      .where(eq(shortlistEntries.userId, userId))
      .orderBy(desc(shortlistEntries.createdAt), desc(universities.slug));
    return { value: rows.map((row) => row.slug) };
  });
  return slugs ?? [];
}

/** Forgets every cached shortlist (after one changed, or a university was deleted). */
export function shortlistsChanged(): Promise<void> {
  return shortlists.invalidate();
}

/** Which of these universities (by slug) the person has shortlisted: the hearts on a finder page. */
export async function shortlistedAmong(userId: string, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const mine = new Set(await shortlistSlugs(userId));
  return new Set(slugs.filter((slug) => mine.has(slug)));
}

/** Universities as cards, in the order of `slugs` (unknown ones left out), read through the catalogue cache. */
async function cardsBySlugs(slugs: readonly string[]): Promise<UniversityCard[]> {
  if (slugs.length === 0) return [];
  const rows = await cachedCatalogueRead(JSON.stringify(["cards", slugs]), () =>
    db()
      .select(universityCardColumns)
      .from(universities)
      .where(inArray(universities.slug, [...slugs])),
  );
  return slugs.flatMap((slug) => rows.filter((row) => row.slug === slug));
}

/** The usual intakes and deadlines of these universities (by slug), read through the catalogue cache. */
async function intakesBySlug(slugs: readonly string[]): Promise<Map<string, Intake[]>> {
  if (slugs.length === 0) return new Map();
  const rows = await cachedCatalogueRead(JSON.stringify(["intakes", slugs]), () =>
    db()
      .select({ slug: universities.slug, intakes: universities.intakes })
      .from(universities)
      .where(inArray(universities.slug, [...slugs])),
  );
  return new Map(rows.map((row) => [row.slug, row.intakes]));
}

export type ShortlistCard = UniversityCard & { nextDeadline: NextDeadline | null };

/**
 * The person's shortlist, 12 a page (or `pageSize`): the soonest next deadline first (from `today`, the person's
 * own date), then those without a published deadline, newest first.
 */
export async function listShortlist(input: {
  userId: string;
  page: number;
  today: string;
  pageSize?: number;
}): Promise<Paginated<ShortlistCard>> {
  const newestFirst = await shortlistSlugs(input.userId);
  const intakes = await intakesBySlug(newestFirst);
  const deadlines = new Map(newestFirst.map((slug) => [slug, nextDeadline(intakes.get(slug) ?? [], input.today)]));
  // A stable sort: universities without a deadline keep their newest-first order, after the others.
  const slugs = [...newestFirst].sort((a, b) => {
    const [first, second] = [deadlines.get(a)?.date ?? "9999", deadlines.get(b)?.date ?? "9999"];
    return first.localeCompare(second);
  });
  return paginate<ShortlistCard>({
    page: input.page,
    pageSize: input.pageSize ?? SHORTLIST_PAGE_SIZE,
    count: async () => slugs.length,
    rows: async ({ limit, offset }) =>
      (await cardsBySlugs(slugs.slice(offset, offset + limit))).map((card) => ({
        ...card,
        listTotal: slugs.length,
        nextDeadline: deadlines.get(card.slug) ?? null,
      })),
  });
}

/** The universities to compare, in the order asked (unknown slugs left out, at most four). */
export function universitiesToCompare(slugs: readonly string[]): Promise<UniversityCard[]> {
  return cardsBySlugs([...new Set(slugs)].slice(0, COMPARE_MAX));
}
