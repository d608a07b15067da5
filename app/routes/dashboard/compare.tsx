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
import { COMPARE_MAX, type UniversityCardView } from "~/lib/universities";
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
            {line.label}: {line.taka !== null ? formatBdt(line.taka) : line.amount !== null ? "no taka rate set" : "not known"}
          </li>
        ))}
      </ul>
      <p className="mt-2 font-semibold text-slate-900">
        {cost.missing.length > 0 ? "Known costs: " : "Total: "}
        <span {...(cost.totalBdt !== null ? { "data-total-bdt": String(cost.totalBdt) } : {})}>
          {cost.totalBdt !== null ? formatBdt(cost.totalBdt) : "not known"}
        </span>
      </p>
    </>
  );
}

const rows: [string, (university: UniversityCardView & { cost: FirstYearCost }) => React.ReactNode][] = [
  ["Location", (university) => university.place],
  ["Type", (university) => university.type],
  ["First-year tuition", (university) => <TuitionText tuition={university.tuition} />],
  ["First year in taka", (university) => <FirstYear cost={university.cost} />],
  ["Minimum IELTS", (university) => (university.minimumIelts === null ? "Not listed" : university.minimumIelts.toFixed(1))],
  ["World ranking", (university) => rankingText(university.ranking)],
  [
    "Scholarships",
    (university) =>
      university.scholarships === null ? "Not listed" : university.scholarships === 0 ? "None listed" : university.scholarships,
  ],
];

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { universities, tooMany } = loaderData;
  return (
    <Page title="Compare universities">
      {tooMany ? (
        <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">
          You can compare up to {COMPARE_MAX} at a time: these are the first {COMPARE_MAX} you ticked.
        </p>
      ) : null}
      {universities.length < 2 ? (
        <div className="max-w-xl rounded-card bg-brand-50 p-5 text-slate-800">
          <p>Tick two to {COMPARE_MAX} universities on your shortlist to compare them here.</p>
          <LinkButton href="/dashboard/shortlist" className="mt-4">
            Back to your shortlist
          </LinkButton>
        </div>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700 sm:hidden">Scroll sideways to see every university.</p>
          <div className="overflow-x-auto rounded-card ring-1 ring-slate-200">
            <table className="w-full min-w-[36rem] table-fixed border-collapse bg-white text-left text-sm">
              <caption className="sr-only">The universities you ticked, side by side</caption>
              <thead>
                <tr>
                  <td className="sticky left-0 w-32 bg-white" />
                  {universities.map((university) => (
                    <th key={university.slug} scope="col" className="p-3 align-top font-semibold text-slate-900">
                      <UniversityLogo name={university.name} src={university.logo} />
                      <TextLink href={`/university/${university.slug}`} weight="normal" className="mt-2 block break-words">
                        {university.name}
                      </TextLink>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, value]) => (
                  <tr key={label} className="border-t border-slate-200">
                    <th scope="row" className="sticky left-0 bg-slate-50 p-3 align-top font-semibold text-slate-800">
                      {label}
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
          <p className="mt-3 text-xs text-slate-600">Figures are indicative; check them with the university or with us before you apply.</p>
          <LinkButton href="/dashboard/shortlist" variant="outline" className="mt-4">
            Back to your shortlist
          </LinkButton>
        </>
      )}
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Compare universities — Onward" }];
