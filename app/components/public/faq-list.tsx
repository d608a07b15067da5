import type { FaqEntry } from "../../../content/faq";

/** The FAQ accordion: native <details>, so it opens and closes by keyboard and without JavaScript. */
export function FaqList({ entries }: { entries: FaqEntry[] }) {
  return (
    <div className="grid gap-3" data-testid="faq">
      {entries.map((entry) => (
        <details key={entry.id} id={`faq-${entry.id}`} className="group rounded-lg border border-slate-300 bg-white">
          <summary className="flex items-center justify-between gap-4 rounded-lg px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50">
            <span>{entry.question}</span>
            <span aria-hidden="true" className="text-brand-700 group-open:rotate-45 motion-safe:transition-transform">
              +
            </span>
          </summary>
          <p className="px-4 pb-4 text-slate-700">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
