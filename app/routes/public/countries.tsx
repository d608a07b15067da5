import { Page } from "~/components/layout/page";
import { CountryCard } from "~/components/public/country-card";
import { getLocale, intlLocale } from "~/lib/locale";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { m } from "~/paraglide/messages";
import { contentIn } from "../../../content/by-locale";
import type { Route } from "./+types/countries";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export function loader() {
  return { countries: contentIn().countryGuides.map(({ id, title, status, summary, image }) => ({ id, title, status, summary, image })) };
}

export default function CountriesPage({ loaderData }: Route.ComponentProps) {
  return (
    <Page title={m.pages_countries_title()} intro={m.pages_countries_intro()}>
      <ul aria-label={m.pages_countries_list_label()} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.countries.map((country, index) => (
          <li key={country.id} data-testid="country">
            <CountryCard country={country} lazy={index >= 3} headingLevel={2} />
          </li>
        ))}
      </ul>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const count = loaderData?.countries.length ?? 0;
  return pageMeta({
    matches,
    path: "/countries",
    title: m.pages_countries_meta_title({ count, countText: new Intl.NumberFormat(intlLocale[getLocale()]).format(count) }),
    description: m.pages_countries_meta_description(),
  });
};
