import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { type CatalogueUniversity, catalogueUniversities } from "../../../content/universities";
import type { Database } from "../db";
import { siteSetting, universities } from "../db/schema";
import { catalogueChanged } from "./catalogue-cache";

/** Raise this when content/universities.ts gains universities: databases loaded before get the new ones. */
export const CATALOGUE_VERSION = 1;
const MARKER_KEY = "catalogue.version";

function row(entry: CatalogueUniversity) {
  return {
    id: randomUUID(),
    slug: entry.slug,
    name: entry.name,
    country: entry.country,
    city: entry.city,
    type: entry.type,
    website: entry.website,
    about: entry.about,
    facilities: entry.facilities,
    coursesOffered: entry.coursesOffered,
    examsAccepted: entry.examsAccepted,
    tuitionAmount: entry.tuition?.amount ?? null,
    tuitionCurrency: entry.tuition?.currency ?? null,
    tuitionYear: entry.tuition?.year ?? null,
    scholarships: entry.scholarships,
    minimumIelts: entry.minimumIelts,
    worldRanking: entry.worldRanking?.rank ?? null,
    rankingSource: entry.worldRanking?.source ?? null,
    rankingYear: entry.worldRanking?.year ?? null,
    englishTaughtCourses: entry.englishTaughtCourses,
  };
}

/**
 * Loads the built-in catalogue once per catalogue version (start-up runs it after the
 * migrations, under their lock): universities are only ever added, by slug and by name within a
 * country, so staff edits and deletions made since are never overwritten. Returns how many were added.
 */
export async function loadCatalogue(database: Database): Promise<number> {
  const added = await database.transaction(async (tx) => {
    const [marker] = await tx.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, MARKER_KEY));
    if (Number(marker?.value ?? 0) >= CATALOGUE_VERSION) return 0;
    const inserted = await tx
      .insert(universities)
      .values(catalogueUniversities.map(row))
      .onConflictDoNothing()
      .returning({ id: universities.id });
    await tx
      .insert(siteSetting)
      .values({ key: MARKER_KEY, value: String(CATALOGUE_VERSION) })
      .onConflictDoUpdate({ target: siteSetting.key, set: { value: String(CATALOGUE_VERSION), updatedAt: new Date() } });
    return inserted.length;
  });
  if (added > 0) await catalogueChanged();
  return added;
}
