import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Paginated } from "~/lib/pagination";
import { db } from "../db";
import { networkingMembers } from "../db/schema";
import { listTotal, paginate } from "../pagination";
import { containsPattern } from "../search-pattern";
import { cachedMemberList } from "./member-lists-cache";

export const DIRECTORY_PAGE_SIZE = 12;

/** How alike a typed word and a word of the name, profession or company must be (pg_trgm's word similarity, 0–1). */
const TYPO_TOLERANCE = 0.5;

/** A directory card: what a signed-in student may see of a member (never their e-mail or phone). */
export type DirectoryCard = {
  id: string;
  name: string;
  profession: string;
  company: string;
  address: string;
  location: string;
  category: string;
  photo: string;
  linkedin: string | null;
  twitter: string | null;
  bookingUrl: string | null;
  /** Whether students may write to them (Connect). */
  acceptsMessages: boolean;
};

/** What the directory card and the Connect page both show of a member. */
export const memberSummaryColumns = {
  id: networkingMembers.id,
  name: networkingMembers.name,
  profession: networkingMembers.profession,
  company: networkingMembers.company,
  address: networkingMembers.address,
  location: networkingMembers.location,
  photo: networkingMembers.photo,
};

const card = {
  ...memberSummaryColumns,
  category: networkingMembers.category,
  linkedin: networkingMembers.linkedin,
  twitter: networkingMembers.twitter,
  bookingUrl: networkingMembers.bookingUrl,
  acceptsMessages: networkingMembers.acceptsMessages,
};

/**
 * The directory: Active members only, narrowed by location and job category (exact values from
 * the lists) and by `q` over name, profession and company, which tolerates a typo ("enginer",
 * "Rahmn"). Best matches first when searching, else by name. Pages of 12; past the end, the last.
 * A page read moments ago is answered from memory until a member changes (member-lists-cache.ts).
 */
export async function searchDirectory(input: {
  q?: string;
  location?: string;
  category?: string;
  page: number;
  pageSize?: number;
}): Promise<Paginated<DirectoryCard>> {
  const q = input.q?.trim() ?? "";
  const pageSize = input.pageSize ?? DIRECTORY_PAGE_SIZE;
  const key = JSON.stringify(["directory", q, input.location ?? "", input.category ?? "", input.page, pageSize]);
  return cachedMemberList(key, () => readDirectoryPage({ ...input, q, pageSize }));
}

async function readDirectoryPage(input: { q: string; location?: string; category?: string; page: number; pageSize: number }) {
  const { q } = input;
  const conditions: SQL[] = [eq(networkingMembers.status, "Active")];
  if (input.location) conditions.push(eq(networkingMembers.location, input.location));
  if (input.category) conditions.push(eq(networkingMembers.category, input.category));
  const likeness = sql`greatest(word_similarity(${q}, ${networkingMembers.name}), word_similarity(${q}, ${networkingMembers.profession}), word_similarity(${q}, ${networkingMembers.company}))`;
  if (q) {
    const pattern = containsPattern(q);
    const text = or(
      ilike(networkingMembers.name, pattern),
      ilike(networkingMembers.profession, pattern),
      ilike(networkingMembers.company, pattern),
    );
    conditions.push(or(text, sql`${likeness} >= ${TYPO_TOLERANCE}`) as SQL);
  }
  const where = and(...conditions);
  return paginate<DirectoryCard>({
    page: input.page,
    pageSize: input.pageSize,
    count: async () => (await db().select({ total: count() }).from(networkingMembers).where(where))[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      db()
        .select({ ...card, listTotal: listTotal() })
        .from(networkingMembers)
        .where(where)
        .orderBy(...(q ? [desc(likeness)] : []), networkingMembers.name, networkingMembers.id)
        .limit(limit)
        .offset(offset),
  });
}
