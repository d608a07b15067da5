import type { AcademicProfile, StudyLevel } from "~/lib/academic-profile";
import { type FirstYearCost, type FitReason, formatLakh, type RequirementState } from "~/lib/first-year-cost";
import { formatScore } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import type { FinderQuery, FitContext } from "./schema";

/** What fit is judged against: the student's IELTS overall and the family's budget for the first year (whole taka). */
export type FitStudent = { ielts: number | null; budgetBdt: number | null; level: StudyLevel };

/** A university's fit for a student: how each hard requirement stands, and why, in plain words. */
export type Fit = { ielts: RequirementState; budget: RequirementState; reasons: FitReason[] };

const score = (value: number) => formatScore(value);

/**
 * The finder's fit rules, the one place they are written (the finder's `sort=fit` order in SQL
 * follows them; tests/… compare the two):
 * - IELTS: met when the student's overall is at least the published minimum; not met when below;
 *   unknown when either is missing.
 * - Budget: not met when the first-year costs we know already pass the budget; met when they fit
 *   it and both tuition and living costs are known; unknown otherwise (or without a budget).
 * Universities are ranked by requirements not met (fewest first), then met (most first), then
 * world ranking. No score is invented: the reasons say exactly what was compared.
 */
export function fitOf(minimumIelts: number | null, cost: FirstYearCost, student: FitStudent): Fit {
  const reasons: FitReason[] = [];
  const say = (state: FitReason["state"], text: string) => reasons.push({ text, state });
  let ielts: RequirementState = "unknown";
  if (minimumIelts === null) say("unknown", m.finder_fit_no_ielts_minimum());
  else if (student.ielts === null) say("info", m.finder_fit_asks_ielts({ minimum: score(minimumIelts) }));
  else if (student.ielts >= minimumIelts) {
    ielts = "met";
    say("met", m.finder_fit_ielts_met({ score: score(student.ielts), minimum: score(minimumIelts) }));
  } else {
    ielts = "failed";
    say("failed", m.finder_fit_ielts_below({ score: score(student.ielts), minimum: score(minimumIelts) }));
  }

  const [tuition] = cost.lines;
  const tuitionKnown = tuition?.taka !== null && tuition?.taka !== undefined;
  const livingKnown = cost.livingKnown;
  const known = cost.totalBdt ?? 0;
  let budget: RequirementState = "unknown";
  const left = cost.missing
    .filter((label) => label !== tuition?.label)
    .map((label) => {
      const name = label.replace(/ \(.*\)$/, "");
      return name.charAt(0).toLowerCase() + name.slice(1);
    });
  const without = left.length > 0 ? m.finder_fit_not_counting({ costs: left.join(", ") }) : "";
  const over = student.budgetBdt !== null && known > student.budgetBdt ? student.budgetBdt : null;
  if (!tuitionKnown) {
    const others = known > 0 ? m.finder_fit_other_costs({ amount: formatLakh(known) }) : "";
    say(
      "info",
      student.level === "masters" ? m.finder_fit_masters_tuition_unpublished({ others }) : m.finder_fit_tuition_unpublished({ others }),
    );
  } else {
    say("info", m.finder_fit_first_year_about({ amount: formatLakh(known), without }));
  }
  if (over !== null) {
    budget = "failed";
    say("failed", m.finder_fit_over_budget({ over: formatLakh(known - over), budget: formatLakh(over) }));
  } else if (student.budgetBdt !== null && tuitionKnown && livingKnown) {
    budget = "met";
    say("met", m.finder_fit_within_budget({ budget: formatLakh(student.budgetBdt) }));
  } else if (student.budgetBdt !== null) {
    say("unknown", m.finder_fit_budget_unknown({ budget: formatLakh(student.budgetBdt) }));
  }
  return { ielts, budget, reasons };
}

/** The order fit ranks in: fewer requirements not met first, then more met. */
export function fitRank(fit: Pick<Fit, "ielts" | "budget">): [failed: number, met: number] {
  const states = [fit.ielts, fit.budget];
  return [states.filter((state) => state === "failed").length, states.filter((state) => state === "met").length];
}

/**
 * What the finder ranks by under `sort=fit`: the `ielts` and `budget` in the address where given,
 * else the signed-in student's profile; the profile's level chooses the tuition (bachelor's when
 * unknown).
 */
export function fitContext(
  query: Pick<FinderQuery, "ielts" | "budget">,
  profile: AcademicProfile | null,
  countries: FitContext["countries"],
): FitContext {
  return {
    ielts: query.ielts ?? profile?.ieltsOverall ?? null,
    budgetBdt: query.budget ?? profile?.yearlyBudgetBdt ?? null,
    level: profile?.level ?? "bachelor",
    countries,
  };
}
