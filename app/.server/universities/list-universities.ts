import { asc, count, ilike, or, type SQL } from "drizzle-orm";
import type { Paginated } from "~/lib/pagination";
import { db } from "../db";
import { universities } from "../db/schema";
import { listTotal, paginate } from "../pagination";
import { containsPattern } from "../search-pattern";
import { cachedCatalogueRead } from "./catalogue-cache";
import { universityListColumns } from "./find-universities";
import type { University } from "./schema";

export const UNIVERSITIES_PER_STAFF_PAGE = 20;

export type StaffUniversityRow = Pick<University, "id" | "slug" | "name" | "country" | "city" | "type" | "logo">;

/** Every university by country then name, for staff (/dashboard/universities); `q` matches a fragment of the name, country or city. */
export function listUniversities(input: { q: string; page: number; pageSize?: number }): Promise<Paginated<StaffUniversityRow>> {
  const q = input.q.trim();
  const pageSize = input.pageSize ?? UNIVERSITIES_PER_STAFF_PAGE;
  return cachedCatalogueRead(JSON.stringify(["staff", q, input.page, pageSize]), () => {
    const pattern = containsPattern(q);
    const where: SQL | undefined = q
      ? or(ilike(universities.name, pattern), ilike(universities.country, pattern), ilike(universities.city, pattern))
      : undefined;
    return paginate<StaffUniversityRow>({
      page: input.page,
      pageSize,
      count: async () => (await db().select({ total: count() }).from(universities).where(where))[0]?.total ?? 0,
      rows: ({ limit, offset }) =>
        db()
          .select({ ...universityListColumns, listTotal: listTotal() })
          .from(universities)
          .where(where)
          .orderBy(asc(universities.country), asc(universities.name), asc(universities.id))
          .limit(limit)
          .offset(offset),
    });
  });
}
