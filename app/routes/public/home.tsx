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
import { getLocale, languageTag, localizedPath } from "~/lib/locale";
import { talkToUs } from "~/lib/next-steps";
import { sharedPage } from "~/lib/page-cache";
import { appUrlFrom, pageMeta } from "~/lib/seo";
import { m } from "~/paraglide/messages";
import { contentIn } from "../../../content/by-locale";
import type { FaqEntry } from "../../../content/faq";
import type { Route } from "./+types/home";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

const TOP_COUNTRY_COUNT = 6;

/** The two promises under the hero; their words are messages, read when the page renders. */
const promises: {
  id: string;
  icon: IconNode;
  tone: "brand" | "accent";
  title: () => string;
  text: () => string;
  link?: { href: string; label: () => string };
}[] = [
  {
    id: "guarantee",
    icon: GuaranteeIcon,
    tone: "brand",
    title: m.home_promise_guarantee_title,
    text: m.home_promise_guarantee_text,
    link: { href: "/about#guarantee", label: m.home_promise_guarantee_link },
  },
  {
    id: "savings",
    icon: SavingsIcon,
    tone: "accent",
    title: m.home_promise_savings_title,
    text: m.home_promise_savings_text,
  },
];

/**
 * The built-in content comes from the loader, in the request's language (content/by-locale.ts):
 * importing it into the component would ship both languages (or English only) to the browser.
 * The loader sends the page's language only, and of the country guides only what a card shows
 * (the guides themselves are too large for the browser's bundle). The FAQ is as it can be
 * answered today (an answer about a feature still on its way says so).
 */
export function loader() {
  const { countryGuides, faqEntries, ieltsOverview, services, howItWorksSteps } = contentIn();
  const topCountries = [...countryGuides]
    .sort((a, b) => Number(b.status === "launched") - Number(a.status === "launched"))
    .slice(0, TOP_COUNTRY_COUNT)
    .map(({ id, title, status, summary, image }) => ({ id, title, status, summary, image }));
  return { topCountries, faq: faqEntries, ieltsIntro: ieltsOverview.intro, services, howItWorksSteps };
}

export default function HomePage({ loaderData, matches }: Route.ComponentProps) {
  const { topCountries, faq, ieltsIntro, services, howItWorksSteps } = loaderData;
  const settings = useSiteSettings();
  const appUrl = appUrlFrom(matches);
  return (
    <>
      <JsonLd data={structuredData({ appUrl, settings, faq })} />
      <section className="overflow-hidden bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,34rem)] lg:gap-12">
          <div>
            <h1 className="text-display font-bold tracking-tight text-slate-900 sm:text-display-lg">{m.home_hero_title()}</h1>
            <p className="mt-6 max-w-2xl text-lg text-slate-700">{m.home_hero_text()}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <NextStepButton step={talkToUs(settings.bookingUrl)} />
              <LinkButton href={localizedPath("/countries")} variant="secondary">
                {m.home_all_countries()}
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
              <li key={promise.id}>
                <Card className="flex h-full gap-4 p-5">
                  <IconTile icon={promise.icon} tone={promise.tone} />
                  <div>
                    <h2 className="text-lg font-semibold text-slate-900">{promise.title()}</h2>
                    <p className="mt-1 text-slate-700">
                      {promise.text()}
                      {promise.link ? (
                        <>
                          {" "}
                          <TextLink href={localizedPath(promise.link.href)}>{promise.link.label()}</TextLink>
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

      <Section id="services" title={m.home_services_title()} intro={m.home_services_intro()}>
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

      <Section id="countries" title={m.home_countries_title()} intro={m.home_countries_intro()} tone="tinted">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {topCountries.map((country) => (
            <li key={country.id}>
              <CountryCard country={country} />
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <LinkButton href={localizedPath("/countries")}>{m.home_all_countries()}</LinkButton>
        </p>
      </Section>

      <Section id="how-it-works" title={m.home_how_it_works_title()}>
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

      <Section id="ielts" title={m.home_ielts_title()} intro={ieltsIntro} tone="tinted">
        <IeltsActions />
      </Section>

      <Section id="faq" title={m.home_faq_title()}>
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
  faq: Pick<FaqEntry, "question" | "answer">[];
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
        description: m.home_organization_description(),
        email: settings.contactEmail,
        telephone: settings.contactPhone || undefined,
        address: { "@type": "PostalAddress", addressLocality: settings.city, addressCountry: settings.country },
        sameAs: Object.values(settings.social).filter(Boolean),
      },
      {
        "@type": "FAQPage",
        "@id": `${appUrl}${localizedPath("/#faq")}`,
        inLanguage: languageTag[getLocale()],
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
    title: m.home_meta_title(),
    description: m.home_meta_description(),
  });
