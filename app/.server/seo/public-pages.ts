import { countryGuides } from "../../../content/countries";
import { destinationGuides } from "../../../content/destinations";
import { db } from "../db";
import { universities } from "../db/schema";

/** Every public page worth finding, for the sitemap: fixed pages, the 11 country guides, the 5 destination guides and every university. */
export async function listPublicPaths(): Promise<string[]> {
  const slugs = await db().select({ slug: universities.slug }).from(universities).orderBy(universities.slug);
  return [
    "/",
    "/countries",
    ...countryGuides.map((guide) => `/countries/${guide.id}`),
    ...destinationGuides.map((guide) => guide.path),
    "/ielts-details",
    "/skills",
    "/find-university",
    ...slugs.map(({ slug }) => `/university/${slug}`),
    "/contact",
    "/about",
    "/privacy",
    "/terms",
  ];
}

/** Paths crawlers should leave alone: the staff area, the API and signed-in flows. */
export const disallowedPaths = ["/dashboard", "/api", "/apply", "/networking", "/book-appointment"];
