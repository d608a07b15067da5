import { countryGuides } from "../../../content/countries";
import { destinationGuides } from "../../../content/destinations";

/** Every public page worth finding, for the sitemap: fixed pages, the 11 country guides and the 5 destination guides. */
export function listPublicPaths(): string[] {
  return [
    "/",
    "/countries",
    ...countryGuides.map((guide) => `/countries/${guide.id}`),
    ...destinationGuides.map((guide) => guide.path),
    "/ielts-details",
    "/skills",
    "/find-university",
    "/contact",
    "/about",
    "/privacy",
    "/terms",
  ];
}

/** Paths crawlers should leave alone: the staff area, the API and signed-in flows. */
export const disallowedPaths = ["/dashboard", "/api", "/apply", "/networking", "/book-appointment"];
