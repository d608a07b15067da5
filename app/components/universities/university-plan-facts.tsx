import { type Intake, monthNames, type NamedScholarship, type OtherTest } from "~/lib/universities";
import { TextLink } from "../ui/text-link";

/** "September: apply by 15 January", "February". */
export function intakeText(intake: Intake): string {
  const month = monthNames[intake.month - 1] ?? "";
  return intake.deadline ? `${month}: apply by ${intake.deadline.day} ${monthNames[intake.deadline.month - 1] ?? ""}` : month;
}

function Source({ href, what }: { href: string | null; what: string }) {
  if (!href) return null;
  return (
    <>
      {" "}
      <TextLink href={href} external>
        source<span className="sr-only">: the university's page for {what} (opens in a new tab)</span>
      </TextLink>
    </>
  );
}

/**
 * What a plan needs besides money: when a bachelor's starts and the usual last day to apply, the
 * scholarships open to international students, and the other English tests accepted. A part
 * without figures is left out.
 */
export function UniversityPlanFacts({
  university,
}: {
  university: {
    intakes: Intake[];
    intakesYear: number | null;
    intakesSource: string | null;
    scholarshipList: NamedScholarship[];
    otherTests: OtherTest[];
    otherTestsSource: string | null;
  };
}) {
  const { intakes, scholarshipList, otherTests } = university;
  if (intakes.length === 0 && scholarshipList.length === 0 && otherTests.length === 0) return null;
  return (
    <section aria-labelledby="plan-facts" className="grid gap-6">
      <h2 id="plan-facts" className="text-2xl font-bold text-slate-900">
        Intakes, scholarships and tests
      </h2>
      {intakes.length > 0 ? (
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Intakes and usual deadlines</h3>
          <ul className="mt-2 list-disc pl-5 text-slate-700">
            {intakes.map((intake) => (
              <li key={intake.month}>{intakeText(intake)}</li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-slate-600">
            For a bachelor's{university.intakesYear ? `, as published for ${university.intakesYear}` : ""}; deadlines move from year to
            year.
            <Source href={university.intakesSource} what="intakes" />
          </p>
        </div>
      ) : null}
      {scholarshipList.length > 0 ? (
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Scholarships for international students</h3>
          <ul className="mt-2 grid gap-2 text-slate-700">
            {scholarshipList.map((scholarship) => (
              <li key={scholarship.name}>
                <span className="font-semibold text-slate-800">{scholarship.name}</span>
                {scholarship.value ? `: ${scholarship.value}` : ""}
                {scholarship.year ? ` (${scholarship.year})` : ""}
                <Source href={scholarship.source} what={scholarship.name} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {otherTests.length > 0 ? (
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Other English tests accepted</h3>
          <ul className="mt-2 list-disc pl-5 text-slate-700">
            {otherTests.map((test) => (
              <li key={test.test}>
                {test.test}
                {test.score ? `: ${test.score}` : ""}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-slate-600">
            Minimums as the university states them.
            <Source href={university.otherTestsSource} what="English tests" />
          </p>
        </div>
      ) : null}
    </section>
  );
}
