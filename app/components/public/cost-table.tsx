import { m } from "~/paraglide/messages";

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
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4 font-semibold text-slate-900">
              {m.public_cost_item()}
            </th>
            <th scope="col" className="py-2 font-semibold text-slate-900">
              {m.public_cost_amount()}
            </th>
          </tr>
        </thead>
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
