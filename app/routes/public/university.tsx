import { ExternalLink as WebsiteIcon } from "lucide";
import { getSessionUser } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import { replyWithError } from "~/.server/errors";
import { readQuery } from "~/.server/read-query";
import { readRatesChangedAt } from "~/.server/settings/site-settings";
import { feeView, tuitionView } from "~/.server/universities/card-view";
import { findUniversityBySlug } from "~/.server/universities/find-university";
import { firstYearCost, getCountryCosts } from "~/.server/universities/first-year-cost";
import { getTakaRates } from "~/.server/universities/rates";
import { shortlistedAmong } from "~/.server/universities/shortlist";
import { getAcademicProfile } from "~/.server/users/academic-profile";
import { PageTitle } from "~/components/layout/page";
import { JsonLd } from "~/components/public/json-ld";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { TextLink } from "~/components/ui/text-link";
import { CostTable } from "~/components/universities/cost-table";
import { ShortlistButton } from "~/components/universities/shortlist-button";
import { UniversityLogo } from "~/components/universities/university-logo";
import { UniversityPlanFacts } from "~/components/universities/university-plan-facts";
import { type StudyLevel, studyLevels } from "~/lib/academic-profile";
import { bookConsultantsHref } from "~/lib/booking";
import { formatYear, getLocale, intlLocale, type Locale, localizedPath } from "~/lib/locale";
import { formatDigits, formatScore, groupThousands } from "~/lib/numbers";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { academicYear } from "~/lib/tuition";
import { type TuitionView, universityTypeLabel } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/university";

/** Anonymous visitors share one rendering per level of study (server/html-cache.ts). */
export const headers = sharedPage(["level"]);

/** A university's page, by its slug; an unknown slug is the 404 page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const university = await findUniversityBySlug(params.id).catch((error: unknown) => {
    throw replyWithError(error);
  });
  const [rates, user, costs, ratesChanged] = await Promise.all([
    getTakaRates(),
    getSessionUser(request),
    getCountryCosts(),
    readRatesChangedAt(),
  ]);
  const [shortlisted, profile] = await Promise.all([
    user ? shortlistedAmong(user.id, [university.slug]).then((slugs) => slugs.has(university.slug)) : null,
    user?.role === "student" ? getAcademicProfile(user.id) : null,
  ]);
  // The level in the address (a shared link) wins; then a student's profile; then a bachelor's.
  const asked = readQuery(request).get("level");
  const level: StudyLevel = studyLevels.find((candidate) => candidate === asked) ?? profile?.level ?? "bachelor";
  return {
    shortlisted,
    cost: firstYearCost(university, costs.get(university.country), rates, level),
    ratesChangedOn: ratesChanged ? formatDate(ratesChanged) : null,
    appUrl: getConfig().appUrl,
    university: {
      slug: university.slug,
      name: university.name,
      city: university.city,
      country: university.country,
      type: university.type,
      logo: university.logo ? `/${university.logo}` : null,
      website: university.website,
      about: university.about,
      facilities: university.facilities,
      coursesOffered: university.coursesOffered,
      examsAccepted: university.examsAccepted,
      tuition: tuitionView(university, rates),
      tuitionSource: university.tuitionSource,
      mastersTuition: feeView(
        university.mastersTuitionAmount,
        university.mastersTuitionCurrency,
        university.mastersTuitionYear,
        rates,
        m.finder_no_tuition_fee(),
      ),
      mastersTuitionSource: university.mastersTuitionSource,
      applicationFee: feeView(
        university.applicationFeeAmount,
        university.applicationFeeCurrency,
        university.applicationFeeYear,
        rates,
        m.finder_no_application_fee(),
      ),
      applicationFeeSource: university.applicationFeeSource,
      ieltsBand: university.ieltsBand,
      scholarships: university.scholarships,
      minimumIelts: university.minimumIelts,
      ieltsYear: university.ieltsYear,
      ieltsSource: university.ieltsSource,
      ranking:
        university.worldRanking === null
          ? null
          : { rank: university.worldRanking, source: university.rankingSource, year: university.rankingYear },
      englishTaughtCourses: university.englishTaughtCourses,
      otherTests: university.otherTests,
      otherTestsSource: university.otherTestsSource,
      intakes: university.intakes,
      intakesYear: university.intakesYear,
      intakesSource: university.intakesSource,
      scholarshipList: university.scholarshipList,
    },
  };
}

const longDates = new Map<Locale, Intl.DateTimeFormat>();

/** "12 March 2026" ("১২ মার্চ, ২০২৬" in Bangla), in Dhaka. */
function formatDate(date: Date, locale: Locale = getLocale()): string {
  let format = longDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Dhaka" });
    longDates.set(locale, format);
  }
  return format.format(date);
}

/** "USD 42,954 (≈ BDT 5,240,000), indicative for 2022/23", or null for an unknown fee. */
function feeText(fee: TuitionView | null): string | null {
  if (!fee) return null;
  return `${fee.original}${fee.taka ? ` (${fee.taka})` : ""}${fee.year ? m.finder_indicative_for({ year: academicYear(fee.year) }) : ""}`;
}

export default function UniversityPage({ loaderData }: Route.ComponentProps) {
  const { university, appUrl, shortlisted, cost, ratesChangedOn } = loaderData;
  /** Each fact, and the university's page it comes from where we have it. */
  const notListed = m.finder_not_listed();
  const facts: [string, string, (string | null)?][] = [
    [m.finder_fact_type(), universityTypeLabel(university.type)],
    [m.finder_fact_courses(), university.coursesOffered === null ? notListed : groupThousands(university.coursesOffered)],
    [
      m.finder_fact_english_courses(),
      university.englishTaughtCourses === null ? notListed : groupThousands(university.englishTaughtCourses),
    ],
    [m.finder_fact_exams(), university.examsAccepted || notListed],
    [m.finder_fact_tuition(), feeText(university.tuition) ?? m.finder_not_listed_ask_us(), university.tuitionSource],
    [m.finder_fact_masters_tuition(), feeText(university.mastersTuition) ?? notListed, university.mastersTuitionSource],
    [m.finder_fact_application_fee(), feeText(university.applicationFee) ?? notListed, university.applicationFeeSource],
    [
      m.finder_fact_scholarships(),
      university.scholarships === null
        ? notListed
        : university.scholarships === 0
          ? m.finder_none_listed()
          : formatDigits(university.scholarships),
    ],
    [
      m.finder_fact_minimum_ielts(),
      university.minimumIelts === null
        ? notListed
        : `${formatScore(university.minimumIelts)}${university.ieltsBand === null ? "" : m.finder_ielts_no_band_below({ band: formatScore(university.ieltsBand) })}${university.ieltsYear ? m.finder_ielts_for_year({ year: academicYear(university.ieltsYear) }) : university.ieltsSource ? m.finder_ielts_undated() : ""}`,
      university.ieltsSource,
    ],
    [
      m.finder_fact_world_ranking(),
      university.ranking
        ? `#${formatDigits(university.ranking.rank)}${university.ranking.source ? `, ${university.ranking.source}` : ""}${university.ranking.year ? ` ${formatYear(university.ranking.year)}` : ""}`
        : notListed,
    ],
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "CollegeOrUniversity",
          name: university.name,
          url: university.website ?? `${appUrl}/university/${university.slug}`,
          address: { "@type": "PostalAddress", addressLocality: university.city, addressCountry: university.country },
          ...(university.about ? { description: university.about } : {}),
        }}
      />
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <UniversityLogo name={university.name} src={university.logo} size="lg" />
        <div className="min-w-0">
          <PageTitle className="break-words">{university.name}</PageTitle>
          <p className="mt-2 text-lg text-slate-700">
            {university.city}, {university.country} · {universityTypeLabel(university.type)}
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <LinkButton href={localizedPath(`/apply?university=${encodeURIComponent(university.slug)}`)} size="lg">
          {m.finder_apply_now()}
        </LinkButton>
        <LinkButton href={localizedPath(bookConsultantsHref(university.country))} size="lg" variant="outline">
          {m.finder_book_consultant()}
        </LinkButton>
        {university.website ? (
          <LinkButton href={university.website} target="_blank" rel="noopener noreferrer" size="lg" variant="outline">
            {m.finder_visit_website()} <Icon icon={WebsiteIcon} className="ml-1 size-4" />
            <span className="sr-only">{m.finder_new_tab()}</span>
          </LinkButton>
        ) : null}
        <ShortlistButton
          slug={university.slug}
          name={university.name}
          shortlisted={shortlisted}
          returnTo={`/university/${university.slug}`}
          withText
        />
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="grid min-w-0 content-start gap-8">
          <section aria-labelledby="about" className="print:hidden">
            <h2 id="about" className="text-2xl font-bold text-slate-900">
              {m.finder_about()}
            </h2>
            <p className="mt-3 max-w-3xl text-slate-700">{university.about || m.finder_about_missing()}</p>
          </section>
          {university.facilities.length > 0 ? (
            <section aria-labelledby="facilities" className="print:hidden">
              <h2 id="facilities" className="text-2xl font-bold text-slate-900">
                {m.finder_facilities()}
              </h2>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {university.facilities.map((facility) => (
                  <li key={facility} className="rounded-md bg-slate-50 px-3 py-2 text-slate-800">
                    {facility}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <CostTable cost={cost} slug={university.slug} ratesChangedOn={ratesChangedOn} />
          <UniversityPlanFacts university={university} />
        </div>
        <Card className="h-fit p-5 print:hidden">
          <h2 className="text-lg font-semibold text-slate-900">{m.finder_at_a_glance()}</h2>
          <dl className="mt-3 grid gap-3 text-sm">
            {facts.map(([term, value, source]) => (
              <div key={term}>
                <dt className="font-semibold text-slate-800">{term}</dt>
                <dd className="text-slate-700">
                  {value}
                  {source ? (
                    <>
                      {" "}
                      <TextLink href={source} external>
                        {m.finder_source()}
                        <span className="sr-only">{m.finder_source_for({ what: term.toLowerCase() })}</span>
                      </TextLink>
                    </>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-xs text-slate-600">{m.finder_figures_indicative()}</p>
        </Card>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta({
        matches,
        path: `/university/${loaderData.university.slug}`,
        title: `${loaderData.university.name}: ${loaderData.university.city}, ${loaderData.university.country}`,
        description: m.finder_university_meta_description({
          name: loaderData.university.name,
          type: universityTypeLabel(loaderData.university.type),
          city: loaderData.university.city,
          country: loaderData.university.country,
        }),
      })
    : [{ title: m.finder_university_not_found_title() }];
