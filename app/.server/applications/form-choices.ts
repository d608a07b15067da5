import { asc, eq } from "drizzle-orm";
import { applicationCountry, countryOptions } from "~/lib/applications";
import { db } from "../db";
import { universities } from "../db/schema";
import { cachedCatalogueRead } from "../universities/catalogue-cache";

/** The most catalogue universities the form suggests (a datalist beyond that helps no one). */
const MAX_SUGGESTIONS = 2_000;

/**
 * The form's choices: the spec's 11 countries plus the catalogue's others, and the catalogue's
 * universities to suggest (by application country), read through the catalogue cache.
 */
export function applicationFormChoices(): Promise<{ countries: string[]; universities: { name: string; country: string }[] }> {
  return cachedCatalogueRead("application-form-choices", async () => {
    const rows = await db()
      .select({ name: universities.name, country: universities.country })
      .from(universities)
      .orderBy(asc(universities.name))
      .limit(MAX_SUGGESTIONS);
    return {
      countries: countryOptions(rows.map((row) => row.country)),
      universities: rows.map((row) => ({ name: row.name, country: applicationCountry(row.country) })),
    };
  });
}

/** `?university={slug}`: the university and its country to pre-select, or nothing for an unknown slug. */
export async function universityToApplyTo(slug: string): Promise<{ universityName: string; countryName: string } | undefined> {
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return undefined;
  const [row] = await db()
    .select({ name: universities.name, country: universities.country })
    .from(universities)
    .where(eq(universities.slug, slug));
  return row ? { universityName: row.name, countryName: applicationCountry(row.country) } : undefined;
}
