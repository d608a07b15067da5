import { count, desc, getTableColumns, ilike, or, type SQL } from "drizzle-orm";
import type { Paginated } from "~/lib/pagination";
import { db } from "../db";
import { networkingMembers } from "../db/schema";
import { listTotal, paginate } from "../pagination";
import { containsPattern } from "../search-pattern";
import { cachedMemberList } from "./member-lists-cache";
import type { Member } from "./members";

export const MEMBERS_PER_MANAGE_PAGE = 12;

/** Every member, Active or not, newest first, for staff (the manage page): `q` matches a fragment. */
export async function listMembers(input: { q: string; page: number; pageSize?: number }): Promise<Paginated<Member>> {
  const q = input.q.trim();
  const pattern = containsPattern(q);
  const where: SQL | undefined = q
    ? or(
        ilike(networkingMembers.name, pattern),
        ilike(networkingMembers.email, pattern),
        ilike(networkingMembers.company, pattern),
        ilike(networkingMembers.profession, pattern),
      )
    : undefined;
  const pageSize = input.pageSize ?? MEMBERS_PER_MANAGE_PAGE;
  return cachedMemberList(JSON.stringify(["manage", q, input.page, pageSize]), () => readMembersPage(where, input.page, pageSize));
}

function readMembersPage(where: SQL | undefined, page: number, pageSize: number) {
  return paginate<Member>({
    page,
    pageSize,
    count: async () => (await db().select({ total: count() }).from(networkingMembers).where(where))[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      db()
        .select({ ...getTableColumns(networkingMembers), listTotal: listTotal() })
        .from(networkingMembers)
        .where(where)
        .orderBy(desc(networkingMembers.createdAt), networkingMembers.id)
        .limit(limit)
        .offset(offset),
  });
}
