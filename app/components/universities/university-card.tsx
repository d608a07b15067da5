import type { ReactNode } from "react";
import type { FitReason } from "~/lib/first-year-cost";
import { formatYear, localizedPath } from "~/lib/locale";
import { formatDigits } from "~/lib/numbers";
import { academicYear } from "~/lib/tuition";
import type { UniversityCardView as CardView } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import { LinkButton } from "../ui/button";
import { Card } from "../ui/card";
import { UniversityLogo } from "./university-logo";

/** "#12 (2025)", or "Not listed" (in Bangla "#১২ (২০২৫)", "তালিকায় নেই"). */
export function rankingText(ranking: CardView["ranking"]): string {
  if (!ranking) return m.finder_not_listed();
  return `#${formatDigits(ranking.rank)}${ranking.year ? ` (${formatYear(ranking.year)})` : ""}`;
}

/** "USD 10,000 (≈ BDT 1,220,000), indicative for 2025/26", "No tuition fee, indicative for 2025/26", or "Not listed". */
export function TuitionText({ tuition }: { tuition: CardView["tuition"] }) {
  if (!tuition) return <>{m.finder_not_listed()}</>;
  return (
    <>
      {tuition.original}
      {tuition.taka ? <span className="text-slate-600"> ({tuition.taka})</span> : null}
      {tuition.year ? <span className="text-slate-600">{m.finder_indicative_for({ year: academicYear(tuition.year) })}</span> : null}
    </>
  );
}

/** How a fit reason is marked: met, not met, not known yet, or only a fact. */
const reasonMarks = {
  met: { mark: "✓", label: m.finder_reason_met, className: "text-emerald-700" },
  failed: { mark: "✗", label: m.finder_reason_failed, className: "text-red-700" },
  unknown: { mark: "?", label: m.finder_reason_unknown, className: "text-amber-700" },
  info: { mark: "·", label: () => "", className: "text-slate-500" },
} as const;

/**
 * A university as the finder and the shortlist show it: logo, name (the heading), place, ranking,
 * English-taught courses and first-year tuition, with View Details. `corner` sits beside the name
 * (the shortlist heart); `footer` beside View Details.
 */
export function UniversityCard({
  university,
  corner,
  footer,
}: {
  university: CardView & { fitReasons?: FitReason[] | null };
  corner?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start gap-4">
        <UniversityLogo name={university.name} src={university.logo} />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold break-words hyphens-auto text-slate-900">{university.name}</h2>
          <p className="text-sm text-slate-700">{university.place}</p>
        </div>
        {corner}
      </div>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-slate-700">
        <dt className="font-semibold text-slate-800">{m.finder_world_ranking()}</dt>
        <dd>{rankingText(university.ranking)}</dd>
        <dt className="font-semibold text-slate-800">{m.finder_english_courses()}</dt>
        <dd>{university.englishTaughtCourses === null ? m.finder_not_listed() : formatDigits(university.englishTaughtCourses)}</dd>
        <dt className="font-semibold text-slate-800">{m.finder_first_year()}</dt>
        <dd>
          <TuitionText tuition={university.tuition} />
        </dd>
      </dl>
      {university.fitReasons ? (
        <ul
          data-fit-reason={university.fitReasons.map((reason) => reason.text).join("; ")}
          className="mt-3 grid gap-1 border-t border-slate-200 pt-3 text-sm text-slate-800"
        >
          {university.fitReasons.map((reason) => (
            <li key={reason.text} className="flex gap-2">
              <span aria-hidden="true" className={`w-4 shrink-0 font-bold ${reasonMarks[reason.state].className}`}>
                {reasonMarks[reason.state].mark}
              </span>
              <span>
                <span className="sr-only">{reasonMarks[reason.state].label()}</span>
                {reason.text}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-4">
        <LinkButton href={localizedPath(`/university/${university.slug}`)} variant="outline" size="sm">
          {m.finder_view_details()}
          <span className="sr-only">{m.finder_view_details_of({ name: university.name })}</span>
        </LinkButton>
        {footer}
      </div>
    </Card>
  );
}

/** The finder's and the shortlist's cards, one to three to a row; `corner` and `footer` as on each UniversityCard. */
export function UniversityCardGrid<University extends CardView & { fitReasons?: FitReason[] | null }>({
  label,
  universities,
  corner,
  footer,
}: {
  label: string;
  universities: readonly University[];
  corner?: (university: University) => ReactNode;
  footer?: (university: University) => ReactNode;
}) {
  return (
    <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {universities.map((university) => (
        <li key={university.slug}>
          <UniversityCard university={university} corner={corner?.(university)} footer={footer?.(university)} />
        </li>
      ))}
    </ul>
  );
}
