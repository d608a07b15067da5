import { Page } from "~/components/layout/page";
import { CountryCard } from "~/components/public/country-card";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { countryGuides } from "../../../content/countries";
import type { Route } from "./+types/countries";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export function loader() {
  return { countries: countryGuides.map(({ id, title, status, summary, image }) => ({ id, title, status, summary, image })) };
}

export default function CountriesPage({ loaderData }: Route.ComponentProps) {
  return (
    <Page
      title="Study destinations"
      intro="Our country guides list the papers, sponsor documents, process and costs for each destination. Launched guides come with full support from our consultants; upcoming ones are being prepared."
    >
      <ul aria-label="Country guides" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.countries.map((country, index) => (
          <li key={country.id} data-testid="country">
            <CountryCard country={country} lazy={index >= 3} headingLevel={2} />
          </li>
        ))}
      </ul>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/countries",
    title: "Study destinations: 11 country guides",
    description:
      "Guides to studying in the USA, South Korea, Finland, Canada, the UK, Australia, Germany, Japan, China, the Netherlands and Malaysia: papers, costs and process.",
  });
