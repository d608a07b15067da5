import { Fragment } from "react";
import { LinkButton } from "~/components/ui/button";
import type { AcademicProfile } from "~/lib/academic-profile";
import { bandText, gradeText, studyLevelLabels } from "~/lib/academic-profile-form";
import { formatBdt } from "~/lib/first-year-cost";
import { localizedPath } from "~/lib/locale";
import { formatDigits } from "~/lib/numbers";
import { m } from "~/paraglide/messages";

/** The lines of a profile worth showing, in words; none for an empty profile. */
function summaryLines(profile: AcademicProfile): [string, string][] {
  const lines: [string, string][] = [];
  const grades = [
    profile.sscGpa === null ? null : `SSC ${gradeText(profile.sscGpa)}`,
    profile.hscGpa === null ? null : `HSC ${gradeText(profile.hscGpa)}`,
    profile.bachelorCgpa === null ? null : `CGPA ${gradeText(profile.bachelorCgpa)}`,
  ].filter(Boolean);
  if (grades.length > 0) lines.push([m.dashboard_academic_results(), grades.join(" · ")]);
  const english = [
    profile.ieltsOverall === null ? null : `IELTS ${bandText(profile.ieltsOverall)}`,
    profile.englishTest && profile.englishScore !== null ? `${profile.englishTest} ${formatDigits(profile.englishScore)}` : null,
  ].filter(Boolean);
  if (english.length > 0) lines.push([m.dashboard_academic_english(), english.join(" · ")]);
  const wants = [profile.level ? studyLevelLabels[profile.level]() : null, profile.subject].filter(Boolean);
  if (wants.length > 0) lines.push([m.dashboard_academic_wants(), wants.join(", ")]);
  if (profile.preferredCountries.length > 0) lines.push([m.dashboard_academic_countries(), profile.preferredCountries.join(", ")]);
  if (profile.yearlyBudgetBdt !== null) lines.push([m.dashboard_academic_budget(), formatBdt(profile.yearlyBudgetBdt)]);
  return lines;
}

/** A student's academic profile on their profile page, and the way to fill it in. */
export function AcademicProfileSummary({ profile }: { profile: AcademicProfile }) {
  const lines = summaryLines(profile);
  return (
    <section aria-labelledby="academic-profile" className="rounded-lg border border-slate-200 p-6">
      <h2 id="academic-profile" className="text-xl font-semibold">
        {m.dashboard_academic_title()}
      </h2>
      {lines.length > 0 ? (
        <dl className="mt-3 grid grid-cols-1 gap-x-4 text-slate-800 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-y-1 [&>dd]:mb-2 [&>dd]:[overflow-wrap:anywhere] sm:[&>dd]:mb-0">
          {lines.map(([term, value]) => (
            <Fragment key={term}>
              <dt className="font-semibold">{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <p className="mt-2 max-w-2xl text-slate-700">{m.dashboard_academic_empty()}</p>
      )}
      <div className="mt-4">
        <LinkButton href={localizedPath("/dashboard/academic-profile")} variant={lines.length > 0 ? "outline" : "primary"} size="md">
          {lines.length > 0 ? m.dashboard_academic_edit() : m.dashboard_academic_fill()}
        </LinkButton>
      </div>
    </section>
  );
}
