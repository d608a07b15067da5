import { eq } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import { db } from "../db";
import { universities } from "../db/schema";
import { AppError } from "../errors";
import { cachedCatalogueRead } from "./catalogue-cache";
import type { University } from "./schema";

/** A university by its slug (its page's address), read through the catalogue cache. Throws AppError("NOT_FOUND"). */
export async function findUniversityBySlug(slug: string): Promise<University> {
  const university = await cachedCatalogueRead(`slug:${slug}`, async () => {
    const [row] = await db().select().from(universities).where(eq(universities.slug, slug));
    return row ?? null;
  });
  if (!university) throw new AppError("NOT_FOUND", m.server_university_not_found());
  return university;
}

/** A university by its id, for the staff edit form (read fresh, not through the cache). Throws AppError("NOT_FOUND"). */
export async function findUniversityById(id: string): Promise<University> {
  const [row] = await db().select().from(universities).where(eq(universities.id, id));
  if (!row) throw new AppError("NOT_FOUND", m.server_university_not_found());
  return row;
}
