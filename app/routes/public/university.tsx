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
import { groupThousands } from "~/lib/numbers";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { academicYear } from "~/lib/tuition";
import type { TuitionView } from "~/lib/universities";
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
        "No tuition fee",
      ),
      mastersTuitionSource: university.mastersTuitionSource,
      applicationFee: feeView(
        university.applicationFeeAmount,
        university.applicationFeeCurrency,
        university.applicationFeeYear,
        rates,
        "No application fee",
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

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Dhaka" });

/** "12 March 2026", in Dhaka. */
function formatDate(date: Date): string {
  return longDate.format(date);
}

/** "USD 42,954 (≈ BDT 5,240,000), indicative for 2022/23", or null for an unknown fee. */
function feeText(fee: TuitionView | null): string | null {
  if (!fee) return null;
  return `${fee.original}${fee.taka ? ` (${fee.taka})` : ""}${fee.year ? `, indicative for ${academicYear(fee.year)}` : ""}`;
}

export default function UniversityPage({ loaderData }: Route.ComponentProps) {
  const { university, appUrl, shortlisted, cost, ratesChangedOn } = loaderData;
  /** Each fact, and the university's page it comes from where we have it. */
  const facts: [string, string, (string | null)?][] = [
    ["Type", university.type],
    ["Courses offered", university.coursesOffered === null ? "Not listed" : groupThousands(university.coursesOffered)],
    ["English-taught courses", university.englishTaughtCourses === null ? "Not listed" : groupThousands(university.englishTaughtCourses)],
    ["Exams accepted", university.examsAccepted || "Not listed"],
    ["First-year tuition", feeText(university.tuition) ?? "Not listed: ask us", university.tuitionSource],
    ["Master's tuition, first year", feeText(university.mastersTuition) ?? "Not listed", university.mastersTuitionSource],
    ["Application fee", feeText(university.applicationFee) ?? "Not listed", university.applicationFeeSource],
    [
      "Scholarships",
      university.scholarships === null ? "Not listed" : university.scholarships === 0 ? "None listed" : String(university.scholarships),
    ],
    [
      "Minimum IELTS",
      university.minimumIelts === null
        ? "Not listed"
        : `${university.minimumIelts.toFixed(1)}${university.ieltsBand === null ? "" : ` (no band below ${university.ieltsBand.toFixed(1)})`}${university.ieltsYear ? `, for ${academicYear(university.ieltsYear)}` : university.ieltsSource ? ", as the university's current page states it (undated)" : ""}`,
      university.ieltsSource,
    ],
    [
      "World ranking",
      university.ranking
        ? `#${university.ranking.rank}${university.ranking.source ? `, ${university.ranking.source}` : ""}${university.ranking.year ? ` ${university.ranking.year}` : ""}`
        : "Not listed",
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
            {university.city}, {university.country} · {university.type}
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <LinkButton href={`/apply?university=${encodeURIComponent(university.slug)}`} size="lg">
          Apply Now
        </LinkButton>
        <LinkButton href={bookConsultantsHref(university.country)} size="lg" variant="outline">
          Book a consultant
        </LinkButton>
        {university.website ? (
          <LinkButton href={university.website} target="_blank" rel="noopener noreferrer" size="lg" variant="outline">
            Visit University Website <Icon icon={WebsiteIcon} className="ml-1 size-4" />
            <span className="sr-only"> (opens in a new tab)</span>
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
              About
            </h2>
            <p className="mt-3 max-w-3xl text-slate-700">{university.about || "We are still writing this university's description."}</p>
          </section>
          {university.facilities.length > 0 ? (
            <section aria-labelledby="facilities" className="print:hidden">
              <h2 id="facilities" className="text-2xl font-bold text-slate-900">
                Campus Facilities
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
          <h2 className="text-lg font-semibold text-slate-900">At a glance</h2>
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
                        source<span className="sr-only">: the university's page for {term.toLowerCase()} (opens in a new tab)</span>
                      </TextLink>
                    </>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-xs text-slate-600">Figures are indicative; check them with the university or with us before you apply.</p>
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
        description: `${loaderData.university.name} (${loaderData.university.type}) in ${loaderData.university.city}, ${loaderData.university.country}: tuition, IELTS, ranking, facilities and how to apply with Onward.`,
      })
    : [{ title: "University not found — Onward" }];
