import type { StudyLevel } from "~/lib/academic-profile";
import { type CostLine, type FirstYearCost, formatBdt, formatLakh } from "~/lib/first-year-cost";
import { formatMoney } from "~/lib/tuition";
import { TextLink } from "../ui/text-link";

/** "GBP 13,632 (2025)", "No fee", or "Not known". */
function originalText(line: CostLine): string {
  if (line.amount === null || line.currency === null) return "Not known";
  if (line.amount === 0) return "None";
  return `${formatMoney(line.amount, line.currency)}${line.year ? ` (${line.year})` : ""}`;
}

function tuitionNote(line: CostLine): string | null {
  return line.amount !== null && line.currency !== null && line.taka === null ? "no taka rate set" : null;
}

/**
 * The first year in taka: each line in its currency and in taka at the staff-set rates, the total
 * (with the lines it leaves out named), and apart from it the balance the embassy expects. The
 * level links switch between a bachelor's and a taught master's tuition; the address of either is
 * what a student shares with a parent, and the table prints on one A4 page.
 */
export function CostTable({
  cost,
  slug,
  ratesChangedOn,
}: {
  cost: FirstYearCost;
  slug: string;
  /** "12 March 2026", or null: the default rates. */
  ratesChangedOn: string | null;
}) {
  const levels: [StudyLevel, string][] = [
    ["bachelor", "Bachelor's"],
    ["masters", "Taught master's"],
  ];
  return (
    <section aria-labelledby="first-year" className="break-inside-avoid">
      <h2 id="first-year" className="text-2xl font-bold text-slate-900">
        Your first year in taka
      </h2>
      <nav aria-label="Level of study" className="mt-3 flex flex-wrap gap-2 text-sm print:hidden">
        {levels.map(([level, label]) => (
          <a
            key={level}
            href={`/university/${slug}?level=${level}#first-year`}
            aria-current={cost.level === level ? "true" : undefined}
            className={
              cost.level === level
                ? "rounded-full bg-brand-700 px-3 py-1 font-semibold text-white"
                : "rounded-full border border-slate-300 px-3 py-1 font-semibold text-brand-700 underline"
            }
          >
            {label}
          </a>
        ))}
      </nav>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">
            First-year costs for a {cost.level === "masters" ? "taught master's" : "bachelor's"} student, in each fee's currency and in taka
          </caption>
          <thead>
            <tr className="border-b border-slate-300 text-slate-800">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Cost
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                As published
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                In taka
              </th>
            </tr>
          </thead>
          <tbody>
            {cost.lines.map((line) => (
              <tr key={line.label} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-3 font-normal text-slate-800">
                  {line.label}
                </th>
                <td className="py-2 pr-3 text-slate-700">
                  {originalText(line)}
                  {line.source ? (
                    <>
                      {" "}
                      <TextLink href={line.source} external className="print:no-underline">
                        source<span className="sr-only">: {line.label} (opens in a new tab)</span>
                      </TextLink>
                    </>
                  ) : null}
                </td>
                <td className="py-2 text-right whitespace-nowrap text-slate-800">
                  {line.taka !== null ? formatBdt(line.taka) : (tuitionNote(line) ?? "—")}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold text-slate-900">
              <th scope="row" className="pt-3 pr-3">
                {cost.missing.length > 0 ? "Total of the known costs" : "Total"}
              </th>
              <td className="pt-3 pr-3 font-normal text-slate-700">
                {cost.totalBdt !== null ? `about ${formatLakh(cost.totalBdt)}` : null}
              </td>
              <td
                className="pt-3 text-right whitespace-nowrap"
                {...(cost.totalBdt !== null ? { "data-total-bdt": String(cost.totalBdt) } : {})}
              >
                {cost.totalBdt !== null ? formatBdt(cost.totalBdt) : "Not known"}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {cost.missing.length > 0 ? (
        <p className="mt-2 text-sm text-slate-700">Not in the total, because we do not know it yet: {cost.missing.join("; ")}.</p>
      ) : null}
      {cost.bankBalance ? (
        <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
          <strong>Bank balance the embassy expects:</strong> {cost.bankBalance.label}: {originalText(cost.bankBalance)}
          {cost.bankBalance.taka !== null ? ` (${formatBdt(cost.bankBalance.taka)})` : ""}
          {cost.bankBalance.source ? (
            <>
              {" "}
              <TextLink href={cost.bankBalance.source} external>
                source<span className="sr-only">: the bank balance (opens in a new tab)</span>
              </TextLink>
            </>
          ) : null}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">
        Indicative: each figure for the year shown, in taka at{" "}
        {ratesChangedOn ? `Onward's exchange rates of ${ratesChangedOn}` : "our default exchange rates"}. Check them with the university,
        the embassy or us before you pay. Share this table:{" "}
        <TextLink href={`/university/${slug}?level=${cost.level}#first-year`}>its link</TextLink> opens it for anyone, and it prints on A4.
      </p>
    </section>
  );
}
