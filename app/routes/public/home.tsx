import { useSiteSettings } from "~/components/layout/use-site-settings";
import { CountryCard } from "~/components/public/country-card";
import { FaqList } from "~/components/public/faq-list";
import { ApplyOrBook } from "~/components/public/guide-blocks";
import { JsonLd } from "~/components/public/json-ld";
import { Section } from "~/components/public/section";
import { LinkButton } from "~/components/ui/button";
import { bookFreeClassHref } from "~/lib/book-free-class";
import { featureAvailable } from "~/lib/features";
import { sharedPage } from "~/lib/page-cache";
import { appUrlFrom, pageMeta } from "~/lib/seo";
import { countryGuides } from "../../../content/countries";
import { currentFaqEntries } from "../../../content/faq";
import { ieltsOverview } from "../../../content/ielts";
import { howItWorksSteps, services } from "../../../content/services";
import type { Route } from "./+types/home";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

const TOP_COUNTRY_COUNT = 6;

/** The FAQ as it can be answered today (an answer about a feature still on its way says so). */
const faq = currentFaqEntries(featureAvailable);

/**
 * Only the country cards come from the loader (the guides behind them are too large for the
 * browser's bundle). The page's fixed text is imported by the component, so it is not sent a
 * second time as loader data at the end of the HTML.
 */
export function loader() {
  const topCountries = [...countryGuides]
    .sort((a, b) => Number(b.status === "launched") - Number(a.status === "launched"))
    .slice(0, TOP_COUNTRY_COUNT)
    .map(({ id, title, status, summary, image }) => ({ id, title, status, summary, image }));
  return { topCountries };
}

export default function HomePage({ loaderData, matches }: Route.ComponentProps) {
  const { topCountries } = loaderData;
  const ielts = ieltsOverview;
  const settings = useSiteSettings();
  const appUrl = appUrlFrom(matches);
  return (
    <>
      <JsonLd data={structuredData({ appUrl, settings, faq })} />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Move Student To Their Dream Country</h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-700">
            Onward guides students from Bangladesh through studying overseas: choosing a course and university, preparing documents, and
            securing the visa.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {settings.bookingUrl ? (
              <LinkButton href={settings.bookingUrl} target="_blank" rel="noopener noreferrer">
                Book a Call<span className="sr-only"> (opens in a new tab)</span>
              </LinkButton>
            ) : (
              <LinkButton href="/book-appointment">Book a Call</LinkButton>
            )}
            <LinkButton href="/countries" variant="secondary">
              View All Countries
            </LinkButton>
          </div>
          <div className="mt-10 grid max-w-4xl gap-4 sm:grid-cols-2">
            <div className="rounded-lg border border-brand-100 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-semibold text-slate-900">One year of support, or your money back</h2>
              <p className="mt-2 text-slate-700">
                We support you for a full year. If you do not secure a visa, we refund you, provided you follow the process with us.{" "}
                <a href="/about#guarantee" className="font-semibold text-brand-700 underline">
                  Conditions
                </a>
              </p>
            </div>
            <div className="rounded-lg border border-brand-100 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-semibold text-slate-900">Costs reduced by up to 60%</h2>
              <p className="mt-2 text-slate-700">
                Affordable universities, scholarships and fee waivers, and no unnecessary agents or repeated applications.
              </p>
            </div>
          </div>
        </div>
      </section>

      <Section id="services" title="Our services" intro="Everything you need between today and your first class abroad.">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li key={service.id} className="rounded-lg border border-slate-200 p-5">
              <h3 className="text-lg font-semibold text-slate-900">{service.title}</h3>
              <p className="mt-2 text-slate-700">{service.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="countries"
        title="Top countries"
        intro="Step-by-step guides with the papers, costs and process for each country."
        tone="tinted"
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {topCountries.map((country) => (
            <li key={country.id}>
              <CountryCard country={country} />
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <LinkButton href="/countries">View All Countries</LinkButton>
        </p>
      </Section>

      <Section id="how-it-works" title="How it works">
        <ol className="grid gap-4 sm:grid-cols-3">
          {howItWorksSteps.map((step) => (
            <li key={step.label} className="rounded-lg border border-slate-200 p-5">
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{step.label}</p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="ielts" title="IELTS online classes" intro={ielts.intro} tone="tinted">
        <div className="flex flex-wrap gap-3">
          <LinkButton href={bookFreeClassHref}>Book Free Class</LinkButton>
          <LinkButton href="/ielts-details" variant="secondary">
            More Details
          </LinkButton>
        </div>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <FaqList entries={faq} />
      </Section>

      <ApplyOrBook bookingUrl={settings.bookingUrl} />
    </>
  );
}

function structuredData({
  appUrl,
  settings,
  faq,
}: {
  appUrl: string;
  settings: ReturnType<typeof useSiteSettings>;
  faq: { question: string; answer: string }[];
}) {
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "EducationalOrganization",
        "@id": `${appUrl}/#organization`,
        name: "Onward",
        url: `${appUrl}/`,
        logo: `${appUrl}/favicon.svg`,
        description: "Study-abroad guidance for students in Bangladesh, from choosing a university to securing the visa.",
        email: settings.contactEmail,
        telephone: settings.contactPhone || undefined,
        address: { "@type": "PostalAddress", addressLocality: settings.city, addressCountry: settings.country },
        sameAs: Object.values(settings.social).filter(Boolean),
      },
      {
        "@type": "FAQPage",
        "@id": `${appUrl}/#faq`,
        mainEntity: faq.map((entry) => ({
          "@type": "Question",
          name: entry.question,
          acceptedAnswer: { "@type": "Answer", text: entry.answer },
        })),
      },
    ],
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/",
    title: "Onward — Move Student To Their Dream Country",
    description:
      "Study abroad from Bangladesh with Onward: career counselling, course selection, visa guidance and online IELTS classes, with a one-year support guarantee.",
  });
