import { and, desc, eq, ilike, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { ApplicationCard, ApplicationStatus } from "~/lib/applications";
import type { Paginated } from "~/lib/pagination";
import { db } from "../db";
import { applications } from "../db/schema";
import { listTotal, paginate } from "../pagination";
import { containsPattern } from "../search-pattern";
import { cachedApplicationRead } from "./application-reads";

export const APPLICATIONS_PER_PAGE = 12;

const cardColumns = {
  id: applications.id,
  status: applications.status,
  name: applications.name,
  email: applications.email,
  countryName: applications.countryName,
  universityName: applications.universityName,
  submittedAt: applications.submittedAt,
  updatedAt: applications.updatedAt,
};

/**
 * The staff list: submitted applications (never drafts), newest first, filtered by status,
 * country and who is assigned, and searched by the applicant's name or e-mail (any part of
 * either), a page at a time.
 */
export function listApplications(input: {
  status?: Exclude<ApplicationStatus, "draft"> | undefined;
  country?: string | undefined;
  q?: string | undefined;
  /** Whose: one person's (their id), nobody's (null), or anyone's (undefined). */
  assignedTo?: string | null | undefined;
  page: number;
  pageSize?: number;
}): Promise<Paginated<ApplicationCard>> {
  const conditions: SQL[] = [ne(applications.status, "draft")];
  if (input.status) conditions.push(eq(applications.status, input.status));
  if (input.country) conditions.push(eq(applications.countryName, input.country));
  if (input.assignedTo === null) conditions.push(isNull(applications.assignedTo));
  else if (input.assignedTo) conditions.push(eq(applications.assignedTo, input.assignedTo));
  if (input.q) {
    const pattern = containsPattern(input.q);
    conditions.push(or(ilike(applications.name, pattern), ilike(applications.email, pattern)) as SQL);
  }
  const where = and(...conditions);
  const pageSize = input.pageSize ?? APPLICATIONS_PER_PAGE;
  const key = JSON.stringify(["staff", input.status ?? "", input.country ?? "", input.q ?? "", input.assignedTo, input.page, pageSize]);
  return cachedApplicationRead(key, () => cardPage(where, [desc(applications.submittedAt), desc(applications.id)], input.page, pageSize));
}

/** A student's own applications, their draft first, then newest first. */
export function listOwnApplications(input: { applicantId: string; page: number; pageSize?: number }): Promise<Paginated<ApplicationCard>> {
  const where = eq(applications.applicantId, input.applicantId);
  const pageSize = input.pageSize ?? APPLICATIONS_PER_PAGE;
  return cachedApplicationRead(JSON.stringify(["own", input.applicantId, input.page, pageSize]), () =>
    cardPage(where, [desc(eq(applications.status, "draft")), desc(applications.createdAt), desc(applications.id)], input.page, pageSize),
  );
}

/** One page of the cards `where` selects, in `order`. */
function cardPage(where: SQL | undefined, order: SQL[], page: number, pageSize: number): Promise<Paginated<ApplicationCard>> {
  return paginate({
    page,
    pageSize,
    count: () => db().$count(applications, where),
    rows: ({ limit, offset }) =>
      db()
        .select({ ...cardColumns, listTotal: listTotal() })
        .from(applications)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  });
}

/** Applications by status for the staff dashboard: every one, and those assigned to `userId`. */
export function applicationCounts(userId: string): Promise<{ status: Exclude<ApplicationStatus, "draft">; all: number; mine: number }[]> {
  return cachedApplicationRead(JSON.stringify(["counts", userId]), async () => {
    const rows = await db()
      .select({
        status: applications.status,
        all: sql<number>`count(*)::int`,
        mine: sql<number>`(count(*) filter (where ${applications.assignedTo} = ${userId}))::int`,
      })
      .from(applications)
      .where(ne(applications.status, "draft"))
      .groupBy(applications.status);
    return rows as { status: Exclude<ApplicationStatus, "draft">; all: number; mine: number }[];
  });
}
