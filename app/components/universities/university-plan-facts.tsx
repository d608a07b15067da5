import type { ReactNode } from "react";
import { formatYear } from "~/lib/locale";
import { formatDigits } from "~/lib/numbers";
import { type Intake, monthName, type NamedScholarship, type OtherTest } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import { TextLink } from "../ui/text-link";

/** "September: apply by 15 January", "February" (in Bangla "সেপ্টেম্বর: ১৫ জানুয়ারির মধ্যে আবেদন করুন"). */
export function intakeText(intake: Intake): string {
  const month = monthName(intake.month);
  return intake.deadline
    ? m.finder_intake_apply_by({ month, day: formatDigits(intake.deadline.day), deadlineMonth: monthName(intake.deadline.month) })
    : month;
}

function Source({ href, what }: { href: string | null; what: string }) {
  if (!href) return null;
  return (
    <>
      {" "}
      <TextLink href={href} external>
        {m.finder_source()}
        <span className="sr-only">{m.finder_source_for({ what })}</span>
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
        {m.finder_plan_facts_title()}
      </h2>
      <Facts
        title={m.finder_intakes_title()}
        items={intakes}
        listClassName="list-disc pl-5"
        line={(intake) => <li key={intake.month}>{intakeText(intake)}</li>}
        note={
          <>
            {university.intakesYear ? m.finder_intakes_note_year({ year: formatYear(university.intakesYear) }) : m.finder_intakes_note()}
            <Source href={university.intakesSource} what={m.finder_source_what_intakes()} />
          </>
        }
      />
      <Facts
        title={m.finder_scholarships_title()}
        items={scholarshipList}
        listClassName="grid gap-2"
        line={(scholarship) => (
          <li key={scholarship.name}>
            <span className="font-semibold text-slate-800">{scholarship.name}</span>
            {scholarship.value ? `: ${scholarship.value}` : ""}
            {scholarship.year ? ` (${formatYear(scholarship.year)})` : ""}
            <Source href={scholarship.source} what={scholarship.name} />
          </li>
        )}
      />
      <Facts
        title={m.finder_other_tests_title()}
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
            {m.finder_other_tests_note()}
            <Source href={university.otherTestsSource} what={m.finder_source_what_tests()} />
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
