import { ShieldCheck as GuaranteeIcon, PiggyBank as SavingsIcon } from "lucide";
import type { ReactNode } from "react";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { CountryCard } from "~/components/public/country-card";
import { FaqList } from "~/components/public/faq-list";
import { ApplyOrBook, IeltsActions, NextStepButton } from "~/components/public/guide-blocks";
import { JsonLd } from "~/components/public/json-ld";
import { Section } from "~/components/public/section";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { type IconNode, IconTile } from "~/components/ui/icons";
import { TextLink } from "~/components/ui/text-link";
import { talkToUs } from "~/lib/next-steps";
import { sharedPage } from "~/lib/page-cache";
import { appUrlFrom, pageMeta } from "~/lib/seo";
import { countryGuides } from "../../../content/countries";
import { faqEntries } from "../../../content/faq";
import { ieltsOverview } from "../../../content/ielts";
import { howItWorksSteps, services } from "../../../content/services";
import type { Route } from "./+types/home";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

const TOP_COUNTRY_COUNT = 6;

/** The two promises under the hero. */
const promises: { icon: IconNode; tone: "brand" | "accent"; title: string; text: string; link?: { href: string; label: string } }[] = [
  {
    icon: GuaranteeIcon,
    tone: "brand",
    title: "One year of support, or your money back",
    text: "We support you for a full year. If you do not secure a visa, we refund you, provided you follow the process with us.",
    link: { href: "/about#guarantee", label: "Conditions" },
  },
  {
    icon: SavingsIcon,
    tone: "accent",
    title: "Costs reduced by up to 60%",
    text: "Affordable universities, scholarships and fee waivers, and no unnecessary agents or repeated applications.",
  },
];

/** The FAQ as it can be answered today (an answer about a feature still on its way says so). */
const faq = faqEntries;

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
      <section className="overflow-hidden bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,34rem)] lg:gap-12">
          <div>
            <h1 className="text-display font-bold tracking-tight text-slate-900 sm:text-display-lg">Move Student To Their Dream Country</h1>
            <p className="mt-6 max-w-2xl text-lg text-slate-700">
              Onward guides students from Bangladesh through studying overseas: choosing a course and university, preparing documents, and
              securing the visa.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <NextStepButton step={talkToUs(settings.bookingUrl)} />
              <LinkButton href="/countries" variant="secondary">
                View All Countries
              </LinkButton>
            </div>
          </div>
          <img
            src="/images/illustrations/hero.svg"
            alt=""
            width={600}
            height={460}
            // Often the largest thing on the first screen: fetched with the page.
            fetchPriority="high"
            className="mx-auto w-full max-w-md lg:max-w-none"
          />
          <ul className="grid gap-4 sm:grid-cols-2 lg:col-span-2">
            {promises.map((promise) => (
              <li key={promise.title}>
                <Card className="flex h-full gap-4 p-5">
                  <IconTile icon={promise.icon} tone={promise.tone} />
                  <div>
                    <h2 className="text-lg font-semibold text-slate-900">{promise.title}</h2>
                    <p className="mt-1 text-slate-700">
                      {promise.text}
                      {promise.link ? (
                        <>
                          {" "}
                          <TextLink href={promise.link.href}>{promise.link.label}</TextLink>
                        </>
                      ) : null}
                    </p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section id="services" title="Our services" intro="Everything you need between today and your first class abroad.">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li key={service.id}>
              <IllustratedCard illustration={service.id}>
                <h3 className="text-lg font-semibold text-slate-900 sm:mt-4">{service.title}</h3>
                <p className="mt-2 text-slate-700">{service.text}</p>
              </IllustratedCard>
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
            <li key={step.label}>
              <IllustratedCard illustration={step.illustration}>
                <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 sm:mt-4">{step.label}</p>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-700">{step.text}</p>
              </IllustratedCard>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="ielts" title="IELTS online classes" intro={ielts.intro} tone="tinted">
        <IeltsActions />
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <FaqList entries={faq} />
      </Section>

      <ApplyOrBook bookingUrl={settings.bookingUrl} />
    </>
  );
}

/** A card under a spot illustration (public/images/illustrations/{illustration}.svg); on a phone the picture sits beside the text. */
function IllustratedCard({ illustration, children }: { illustration: string; children: ReactNode }) {
  return (
    <Card className="flex h-full gap-4 p-5 sm:block">
      <img
        src={`/images/illustrations/${illustration}.svg`}
        alt=""
        width={96}
        height={80}
        loading="lazy"
        decoding="async"
        className="w-18 shrink-0 sm:w-24"
      />
      <div>{children}</div>
    </Card>
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
