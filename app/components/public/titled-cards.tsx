// Its own module (not guide-blocks.tsx), so that a page showing only these cards loads only them.

/** Short headed texts as bordered cards, three to a row on a laptop (reasons, benefits). */
export function TitledCards({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className="rounded-lg border border-slate-200 p-5">
          <h3 className="font-semibold text-slate-900">{item.title}</h3>
          <p className="mt-2 text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
