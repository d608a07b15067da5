import { requireUser } from "~/.server/auth/session";
import { readQuery } from "~/.server/read-query";
import { cardView } from "~/.server/universities/card-view";
import { firstYearCost, getCountryCosts } from "~/.server/universities/first-year-cost";
import { getTakaRates } from "~/.server/universities/rates";
import { universitiesToCompare } from "~/.server/universities/shortlist";
import { getAcademicProfile } from "~/.server/users/academic-profile";
import { Page } from "~/components/layout/page";
import { LinkButton } from "~/components/ui/button";
import { TextLink } from "~/components/ui/text-link";
import { rankingText, TuitionText } from "~/components/universities/university-card";
import { UniversityLogo } from "~/components/universities/university-logo";
import { type FirstYearCost, formatBdt } from "~/lib/first-year-cost";
import { localizedPath } from "~/lib/locale";
import { formatDigits, formatScore } from "~/lib/numbers";
import { COMPARE_MAX, type UniversityCardView } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/compare";

/** At most this many `u` values are read; anything past it is not looked up. */
const SLUGS_READ = 20;

/** Up to four universities side by side, from `?u=slug&u=slug…` (the shortlist's ticks). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const asked = [...new Set(readQuery(request).getAll("u").slice(0, SLUGS_READ))].filter(Boolean);
  const [universities, rates, costs, profile] = await Promise.all([
    universitiesToCompare(asked),
    getTakaRates(),
    getCountryCosts(),
    user.role === "student" ? getAcademicProfile(user.id) : null,
  ]);
  const level = profile?.level ?? "bachelor";
  return {
    universities: universities.map((university) => ({
      ...cardView(university, rates),
      cost: firstYearCost(university, costs.get(university.country), rates, level),
    })),
    tooMany: asked.length > COMPARE_MAX,
  };
}

/** A university's first year in the compare table: each line in taka, then the total (the university's page has the whole table). */
function FirstYear({ cost }: { cost: FirstYearCost }) {
  return (
    <>
      <ul className="grid gap-1">
        {cost.lines.map((line) => (
          <li key={line.label}>
            {line.label}:{" "}
            {line.taka !== null
              ? formatBdt(line.taka)
              : line.amount !== null
                ? m.dashboard_compare_no_rate()
                : m.dashboard_compare_not_known()}
          </li>
        ))}
      </ul>
      <p className="mt-2 font-semibold text-slate-900">
        {`${cost.missing.length > 0 ? m.dashboard_compare_known_costs() : m.dashboard_compare_total()} `}
        <span {...(cost.totalBdt !== null ? { "data-total-bdt": String(cost.totalBdt) } : {})}>
          {cost.totalBdt !== null ? formatBdt(cost.totalBdt) : m.dashboard_compare_not_known()}
        </span>
      </p>
    </>
  );
}

/** Each row's label (a message, read at render) and its value for a university. */
const rows: [string, () => string, (university: UniversityCardView & { cost: FirstYearCost }) => React.ReactNode][] = [
  ["location", m.dashboard_compare_location, (university) => university.place],
  ["type", m.finder_fact_type, (university) => university.type],
  ["tuition", m.finder_fact_tuition, (university) => <TuitionText tuition={university.tuition} />],
  ["first-year", m.dashboard_compare_first_year_taka, (university) => <FirstYear cost={university.cost} />],
  [
    "ielts",
    m.dashboard_compare_minimum_ielts,
    (university) => (university.minimumIelts === null ? m.dashboard_compare_not_listed() : formatScore(university.minimumIelts)),
  ],
  ["ranking", m.finder_world_ranking, (university) => rankingText(university.ranking)],
  [
    "scholarships",
    m.finder_fact_scholarships,
    (university) =>
      university.scholarships === null
        ? m.dashboard_compare_not_listed()
        : university.scholarships === 0
          ? m.dashboard_compare_none_listed()
          : formatDigits(university.scholarships),
  ],
];

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { universities, tooMany } = loaderData;
  return (
    <Page title={m.dashboard_compare_title()}>
      {tooMany ? (
        <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">
          {m.dashboard_compare_too_many({ max: formatDigits(COMPARE_MAX) })}
        </p>
      ) : null}
      {universities.length < 2 ? (
        <div className="max-w-xl rounded-card bg-brand-50 p-5 text-slate-800">
          <p>{m.dashboard_compare_too_few({ max: formatDigits(COMPARE_MAX) })}</p>
          <LinkButton href={localizedPath("/dashboard/shortlist")} className="mt-4">
            {m.dashboard_compare_back()}
          </LinkButton>
        </div>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700 sm:hidden">{m.dashboard_compare_scroll()}</p>
          <div className="overflow-x-auto rounded-card ring-1 ring-slate-200">
            <table className="w-full min-w-[36rem] table-fixed border-collapse bg-white text-left text-sm">
              <caption className="sr-only">{m.dashboard_compare_caption()}</caption>
              <thead>
                <tr>
                  <td className="sticky left-0 w-32 bg-white" />
                  {universities.map((university) => (
                    <th key={university.slug} scope="col" className="p-3 align-top font-semibold text-slate-900">
                      <UniversityLogo name={university.name} src={university.logo} />
                      <TextLink href={localizedPath(`/university/${university.slug}`)} weight="normal" className="mt-2 block break-words">
                        {university.name}
                      </TextLink>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(([key, label, value]) => (
                  <tr key={key} className="border-t border-slate-200">
                    <th scope="row" className="sticky left-0 bg-slate-50 p-3 align-top font-semibold text-slate-800">
                      {label()}
                    </th>
                    {universities.map((university) => (
                      <td key={university.slug} className="p-3 align-top text-slate-700">
                        {value(university)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-xs text-slate-600">{m.dashboard_compare_indicative()}</p>
          <LinkButton href={localizedPath("/dashboard/shortlist")} variant="outline" className="mt-4">
            {m.dashboard_compare_back()}
          </LinkButton>
        </>
      )}
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.dashboard_compare_meta_title() }];
