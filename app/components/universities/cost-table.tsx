import type { StudyLevel } from "~/lib/academic-profile";
import { type CostLine, type FirstYearCost, formatBdt, formatLakh } from "~/lib/first-year-cost";
import { formatYear, localizedPath } from "~/lib/locale";
import { formatMoney } from "~/lib/tuition";
import { m } from "~/paraglide/messages";
import { TableHead } from "../ui/table-head";
import { TextLink } from "../ui/text-link";

/** "GBP 13,632 (2025)", "No fee", or "Not known". */
function originalText(line: CostLine): string {
  if (line.amount === null || line.currency === null) return m.finder_cost_not_known();
  if (line.amount === 0) return m.finder_cost_none();
  return `${formatMoney(line.amount, line.currency)}${line.year ? ` (${formatYear(line.year)})` : ""}`;
}

function tuitionNote(line: CostLine): string | null {
  return line.amount !== null && line.currency !== null && line.taka === null ? m.finder_no_taka_rate() : null;
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
    ["bachelor", m.finder_level_bachelor()],
    ["masters", m.finder_level_masters()],
  ];
  return (
    <section aria-labelledby="first-year" className="break-inside-avoid">
      <h2 id="first-year" className="text-2xl font-bold text-slate-900">
        {m.finder_cost_title()}
      </h2>
      <nav aria-label={m.finder_level_label()} className="mt-3 flex flex-wrap gap-2 text-sm print:hidden">
        {levels.map(([level, label]) => (
          <a
            key={level}
            href={localizedPath(`/university/${slug}?level=${level}#first-year`)}
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
            {cost.level === "masters" ? m.finder_cost_caption_masters() : m.finder_cost_caption_bachelor()}
          </caption>
          <TableHead
            rowClassName="border-b border-slate-300 text-slate-800"
            columns={[
              { label: m.finder_cost_column_cost(), className: "py-2 pr-3 font-semibold" },
              { label: m.finder_cost_column_published(), className: "py-2 pr-3 font-semibold" },
              { label: m.finder_cost_column_taka(), className: "py-2 text-right font-semibold" },
            ]}
          />
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
                        {m.finder_source()}
                        <span className="sr-only">{m.finder_source_of({ what: line.label })}</span>
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
                {cost.missing.length > 0 ? m.finder_cost_total_known() : m.finder_cost_total()}
              </th>
              <td className="pt-3 pr-3 font-normal text-slate-700">
                {cost.totalBdt !== null ? m.finder_cost_about({ amount: formatLakh(cost.totalBdt) }) : null}
              </td>
              <td
                className="pt-3 text-right whitespace-nowrap"
                {...(cost.totalBdt !== null ? { "data-total-bdt": String(cost.totalBdt) } : {})}
              >
                {cost.totalBdt !== null ? formatBdt(cost.totalBdt) : m.finder_cost_not_known()}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {cost.missing.length > 0 ? (
        <p className="mt-2 text-sm text-slate-700">{m.finder_cost_missing({ costs: cost.missing.join("; ") })}</p>
      ) : null}
      {cost.bankBalance ? (
        <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
          <strong>{m.finder_cost_bank_balance()}</strong> {cost.bankBalance.label}: {originalText(cost.bankBalance)}
          {cost.bankBalance.taka !== null ? ` (${formatBdt(cost.bankBalance.taka)})` : ""}
          {cost.bankBalance.source ? (
            <>
              {" "}
              <TextLink href={cost.bankBalance.source} external>
                {m.finder_source()}
                <span className="sr-only">{m.finder_source_bank_balance()}</span>
              </TextLink>
            </>
          ) : null}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">
        {ratesChangedOn ? m.finder_cost_note_rates_of({ date: ratesChangedOn }) : m.finder_cost_note_default_rates()}{" "}
        {m.finder_cost_note_share_before()}
        <TextLink href={localizedPath(`/university/${slug}?level=${cost.level}#first-year`)}>{m.finder_cost_note_share_link()}</TextLink>
        {m.finder_cost_note_share_after()}
      </p>
    </section>
  );
}
