import { Fragment } from "react";
import { LinkButton } from "~/components/ui/button";
import type { AcademicProfile } from "~/lib/academic-profile";
import { formatBand, formatGrade, formatTakaAmount, studyLevelLabels } from "~/lib/academic-profile-form";

/** The lines of a profile worth showing, in words; none for an empty profile. */
function summaryLines(profile: AcademicProfile): [string, string][] {
  const lines: [string, string][] = [];
  const grades = [
    profile.sscGpa === null ? null : `SSC ${formatGrade(profile.sscGpa)}`,
    profile.hscGpa === null ? null : `HSC ${formatGrade(profile.hscGpa)}`,
    profile.bachelorCgpa === null ? null : `CGPA ${formatGrade(profile.bachelorCgpa)}`,
  ].filter(Boolean);
  if (grades.length > 0) lines.push(["Results", grades.join(" · ")]);
  const english = [
    profile.ieltsOverall === null ? null : `IELTS ${formatBand(profile.ieltsOverall)}`,
    profile.englishTest && profile.englishScore !== null ? `${profile.englishTest} ${profile.englishScore}` : null,
  ].filter(Boolean);
  if (english.length > 0) lines.push(["English", english.join(" · ")]);
  const wants = [profile.level ? studyLevelLabels[profile.level] : null, profile.subject].filter(Boolean);
  if (wants.length > 0) lines.push(["Wants to study", wants.join(", ")]);
  if (profile.preferredCountries.length > 0) lines.push(["Countries", profile.preferredCountries.join(", ")]);
  if (profile.yearlyBudgetBdt !== null) lines.push(["Yearly budget", `BDT ${formatTakaAmount(profile.yearlyBudgetBdt)}`]);
  return lines;
}

/** A student's academic profile on their profile page, and the way to fill it in. */
export function AcademicProfileSummary({ profile }: { profile: AcademicProfile }) {
  const lines = summaryLines(profile);
  return (
    <section aria-labelledby="academic-profile" className="rounded-lg border border-slate-200 p-6">
      <h2 id="academic-profile" className="text-xl font-semibold">
        Academic profile
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
        <p className="mt-2 max-w-2xl text-slate-700">
          Add your results, English test, plans and budget (all optional) to see which universities fit you, and to have your application
          filled in for you.
        </p>
      )}
      <div className="mt-4">
        <LinkButton href="/dashboard/academic-profile" variant={lines.length > 0 ? "outline" : "primary"} size="md">
          {lines.length > 0 ? "Edit academic profile" : "Fill in your academic profile"}
        </LinkButton>
      </div>
    </section>
  );
}
