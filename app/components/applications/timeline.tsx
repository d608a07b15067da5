import { statusLabels, type TimelineEntry } from "~/lib/applications";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dhaka" });

/** What happened to an application, oldest first: who, when (Dhaka time), from → to, and the note. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-slate-700">Nothing has happened yet.</p>;
  return (
    <ol className="grid gap-4 border-l-2 border-slate-200 pl-4" aria-label="Timeline">
      {entries.map((entry) => (
        <li key={entry.id} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] size-3 rounded-full border-2 border-white bg-brand-700" />
          <p className="font-semibold text-slate-900">{eventTitle(entry)}</p>
          <p className="text-sm text-slate-700">
            {entry.actorName} · <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
          </p>
          {entry.note ? (
            <p className="mt-1 rounded-md bg-slate-50 p-2 text-sm break-words whitespace-pre-line text-slate-800">{entry.note}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function eventTitle(entry: TimelineEntry): string {
  if (entry.from === "draft" && entry.to === "submitted") return "Submitted";
  if (entry.from === entry.to) return "Note";
  return entry.from ? `${statusLabels[entry.from]} → ${statusLabels[entry.to]}` : statusLabels[entry.to];
}
