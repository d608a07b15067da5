import type { ReactNode } from "react";
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
      <Facts
        title="Intakes and usual deadlines"
        items={intakes}
        listClassName="list-disc pl-5"
        line={(intake) => <li key={intake.month}>{intakeText(intake)}</li>}
        note={
          <>
            For a bachelor's{university.intakesYear ? `, as published for ${university.intakesYear}` : ""}; deadlines move from year to
            year.
            <Source href={university.intakesSource} what="intakes" />
          </>
        }
      />
      <Facts
        title="Scholarships for international students"
        items={scholarshipList}
        listClassName="grid gap-2"
        line={(scholarship) => (
          <li key={scholarship.name}>
            <span className="font-semibold text-slate-800">{scholarship.name}</span>
            {scholarship.value ? `: ${scholarship.value}` : ""}
            {scholarship.year ? ` (${scholarship.year})` : ""}
            <Source href={scholarship.source} what={scholarship.name} />
          </li>
        )}
      />
      <Facts
        title="Other English tests accepted"
        items={otherTests}
        listClassName="list-disc pl-5"
        line={(test) => (
          <li key={test.test}>
            {test.test}
            {test.score ? `: ${test.score}` : ""}
          </li>
        )}
        note={
          <>
            Minimums as the university states them.
            <Source href={university.otherTestsSource} what="English tests" />
          </>
        }
      />
    </section>
  );
}

/** One part of the facts: its heading, a line for each of `items` and a `note` under them; nothing without items. */
function Facts<Item>({
  title,
  items,
  listClassName,
  line,
  note,
}: {
  title: string;
  items: readonly Item[];
  listClassName: string;
  line: (item: Item) => ReactNode;
  note?: ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <ul className={`mt-2 ${listClassName} text-slate-700`}>{items.map((item) => line(item))}</ul>
      {note ? <p className="mt-1 text-sm text-slate-600">{note}</p> : null}
    </div>
  );
}
