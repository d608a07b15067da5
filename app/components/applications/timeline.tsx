import { documentInfo, statusLabels, type TimelineEntry } from "~/lib/applications";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dhaka" });

/** What happened to an application, oldest first: what, who, when (Dhaka time), any status it moved to, and the note. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-slate-700">Nothing has happened yet.</p>;
  return (
    <ol className="grid gap-4 border-l-2 border-slate-200 pl-4" aria-label="Timeline">
      {entries.map((entry) => {
        const moved = entry.kind !== "status" && entry.from !== null && entry.from !== entry.to;
        // An assignment's note is the consultant's name, already in the title.
        const note = entry.kind === "assigned" ? null : entry.note;
        return (
          <li key={entry.id} className="relative">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] size-3 rounded-full border-2 border-white bg-brand-700" />
            <p className="font-semibold text-slate-900">{eventTitle(entry)}</p>
            {moved && entry.from ? (
              <p className="text-sm text-slate-800">
                {statusLabels[entry.from]} → {statusLabels[entry.to]}
              </p>
            ) : null}
            <p className="text-sm text-slate-700">
              {entry.actorName} · <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
            </p>
            {note ? <p className="mt-1 rounded-md bg-slate-50 p-2 text-sm break-words whitespace-pre-line text-slate-800">{note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

function eventTitle(entry: TimelineEntry): string {
  const document = entry.field ? documentInfo(entry.field).noun : "document";
  switch (entry.kind) {
    case "note":
      return "Note";
    case "document-accepted":
      return `The ${document} was accepted`;
    case "document-needs-new-copy":
      return `A new copy of the ${document} was asked for`;
    case "document-replaced":
      return `A new copy of the ${document} was sent`;
    case "assigned":
      return entry.note ? `Assigned to ${entry.note}` : "Assigned";
    case "withdrawn":
      return "Withdrawn by the student";
    case "reopened":
      return "Reopened";
    case "status":
      if (entry.from === "draft" && entry.to === "submitted") return "Submitted";
      // Notes written before events had kinds were status events to the same status.
      if (entry.from === entry.to) return "Note";
      return entry.from ? `${statusLabels[entry.from]} → ${statusLabels[entry.to]}` : statusLabels[entry.to];
  }
}
