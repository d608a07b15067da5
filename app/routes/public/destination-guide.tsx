import { University as UniversityIcon } from "lucide";
import { data } from "react-router";
import { pageUrl } from "~/.server/read-query";
import { PageHero } from "~/components/layout/page";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { ContactBlock } from "~/components/public/contact-block";
import { CostTable } from "~/components/public/cost-table";
import { DocumentList } from "~/components/public/document-list";
import { ApplyOrBook } from "~/components/public/guide-blocks";
import { Section } from "~/components/public/section";
import { TitledCards } from "~/components/public/titled-cards";
import { IconTile } from "~/components/ui/icons";
import { getLocale, intlLocale, localizedPath, unlocalizedPath } from "~/lib/locale";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { m } from "~/paraglide/messages";
import { findDestinationGuide } from "../../../content/by-locale";
import { countryInSentence } from "../../../content/country-names";
import type { Route } from "./+types/destination-guide";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

/** One template for five routes (/usa-details, /uk-details, …): the path says which guide. */
export function loader({ request }: Route.LoaderArgs) {
  const id = unlocalizedPath(pageUrl(request).pathname)
    .replace(/^\//, "")
    .replace(/-details\/?$/, "");
  const guide = findDestinationGuide(id);
  if (!guide) throw data(null, { status: 404 });
  return { guide };
}

export default function DestinationGuidePage({ loaderData }: Route.ComponentProps) {
  const { guide } = loaderData;
  const settings = useSiteSettings();
  return (
    <>
      <PageHero title={guide.headline} intro={guide.intro} />

      <Section id="why" title={m.pages_destination_why({ country: countryInSentence(guide.country) })}>
        <TitledCards items={guide.whyStudy} />
      </Section>

      <Section id="fields" title={m.pages_destination_fields()} tone="tinted">
        <dl className="grid gap-4 sm:grid-cols-2">
          {guide.benefitsByField.map((benefit) => (
            <div key={benefit.field} className="rounded-lg bg-white p-5 shadow-sm">
              <dt className="font-semibold text-slate-900">{benefit.field}</dt>
              <dd className="mt-2 text-slate-700">{benefit.text}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="requirements" title={m.pages_destination_requirements()}>
        <DocumentList documents={guide.requirements} />
      </Section>

      <Section id="process" title={m.pages_process()} tone="tinted">
        <ol className="grid gap-4 sm:grid-cols-2">
          {guide.process.map((step, index) => (
            <li key={step.title} className="rounded-lg bg-white p-5 shadow-sm">
              <p className="text-sm font-semibold text-brand-700">{m.pages_destination_step({ number: stepNumber(index + 1) })}</p>
              <h3 className="mt-1 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="costs" title={m.pages_costs()}>
        <CostTable place={guide.country} costs={guide.costs} className="max-w-3xl" />
      </Section>

      <Section id="universities" title={m.pages_destination_universities()} tone="tinted">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {guide.universities.map((university) => (
            <li key={university.slug} className="flex gap-3 rounded-card bg-white p-4 shadow-card">
              <IconTile icon={UniversityIcon} />
              <div>
                <a
                  href={localizedPath(`/university/${university.slug}`)}
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {university.name}
                </a>
                <p className="text-sm text-slate-600">{university.city}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <ApplyOrBook bookingUrl={settings.bookingUrl} />
      <ContactBlock settings={settings} />
    </>
  );
}

/** A step's number as the page's language writes it, two digits wide: "01", "০১". */
function stepNumber(value: number): string {
  return new Intl.NumberFormat(intlLocale[getLocale()], { minimumIntegerDigits: 2, useGrouping: false }).format(value);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta({
        matches,
        path: loaderData.guide.path,
        title: m.pages_destination_meta_title({ headline: loaderData.guide.headline }),
        description: m.pages_destination_meta_description({ country: countryInSentence(loaderData.guide.country) }),
      })
    : [{ title: m.pages_not_found_title() }];
