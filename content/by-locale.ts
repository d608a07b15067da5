// The built-in content in each language (English in content/, Bangla in content/bn/, written for
// a reader in Bangladesh). Loaders read it here and send the page's language only; the type below
// makes the Bangla set have every piece the English one has.

import { getLocale, type Locale } from "../app/lib/locale";
import * as bnCountries from "./bn/countries";
import * as bnDestinations from "./bn/destinations";
import * as bnFaq from "./bn/faq";
import * as bnIelts from "./bn/ielts";
import * as bnServices from "./bn/services";
import * as bnSite from "./bn/site";
import * as bnSkills from "./bn/skills";
import * as enCountries from "./countries";
import * as enDestinations from "./destinations";
import * as enFaq from "./faq";
import * as enIelts from "./ielts";
import * as enServices from "./services";
import * as enSite from "./site";
import * as enSkills from "./skills";

function contentOf(
  countries: Pick<typeof enCountries, "countryGuides">,
  destinations: Pick<typeof enDestinations, "destinationGuides">,
  faq: Pick<typeof enFaq, "faqEntries">,
  ielts: Pick<typeof enIelts, "ieltsOverview" | "ieltsBenefits" | "ieltsBatches" | "mentors">,
  services: Pick<typeof enServices, "services" | "howItWorksSteps">,
  site: Pick<typeof enSite, "about" | "privacy" | "terms">,
  skills: Pick<typeof enSkills, "skillsPage">,
) {
  return {
    countryGuides: countries.countryGuides,
    destinationGuides: destinations.destinationGuides,
    faqEntries: faq.faqEntries,
    ieltsOverview: ielts.ieltsOverview,
    ieltsBenefits: ielts.ieltsBenefits,
    ieltsBatches: ielts.ieltsBatches,
    mentors: ielts.mentors,
    services: services.services,
    howItWorksSteps: services.howItWorksSteps,
    about: site.about,
    privacy: site.privacy,
    terms: site.terms,
    skillsPage: skills.skillsPage,
  };
}

const byLocale: Record<Locale, ReturnType<typeof contentOf>> = {
  en: contentOf(enCountries, enDestinations, enFaq, enIelts, enServices, enSite, enSkills),
  bn: contentOf(bnCountries, bnDestinations, bnFaq, bnIelts, bnServices, bnSite, bnSkills),
};

/** The built-in content in a language (the request's, by default). */
export function contentIn(locale: Locale = getLocale()) {
  return byLocale[locale];
}

/** A country guide by id, in a language (the request's, by default). */
export function findCountryGuide(id: string, locale: Locale = getLocale()) {
  return contentIn(locale).countryGuides.find((guide) => guide.id === id);
}

/** A destination guide by id, in a language (the request's, by default). */
export function findDestinationGuide(id: string, locale: Locale = getLocale()) {
  return contentIn(locale).destinationGuides.find((guide) => guide.id === id);
}
