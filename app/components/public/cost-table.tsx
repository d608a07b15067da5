import { m } from "~/paraglide/messages";
import { TableHead } from "../ui/table-head";

/** What studying in a country costs, line by line, with the caveat every estimate needs. */
export function CostTable({
  place,
  costs,
  className = "",
}: {
  place: string;
  costs: { item: string; amount: string }[];
  className?: string;
}) {
  return (
    <>
      <table className={`w-full border-collapse text-left text-slate-700 ${className}`}>
        <caption className="sr-only">{m.public_cost_caption({ place })}</caption>
        <TableHead
          rowClassName="border-b border-slate-300"
          columns={[
            { label: m.public_cost_item(), className: "py-2 pr-4 font-semibold text-slate-900" },
            { label: m.public_cost_amount(), className: "py-2 font-semibold text-slate-900" },
          ]}
        />
        <tbody>
          {costs.map((cost) => (
            <tr key={cost.item} className="border-b border-slate-200">
              <td className="py-2 pr-4">{cost.item}</td>
              <td className="py-2">{cost.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-sm text-slate-600">{m.public_cost_note()}</p>
    </>
  );
}
