import { documentInfo, statusLabels, type TimelineEntry } from "~/lib/applications";
import { formatDhakaDateTime } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";

/** What happened to an application, oldest first: what, who, when (Dhaka time), any status it moved to, and the note. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-slate-700">{m.apply_timeline_empty()}</p>;
  return (
    <ol className="grid gap-4 border-l-2 border-slate-200 pl-4" aria-label={m.apply_timeline_label()}>
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
              {entry.actorName} · <time dateTime={entry.at}>{formatDhakaDateTime(entry.at)}</time>
            </p>
            {note ? <p className="mt-1 rounded-md bg-slate-50 p-2 text-sm break-words whitespace-pre-line text-slate-800">{note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

function eventTitle(entry: TimelineEntry): string {
  const document = entry.field ? documentInfo(entry.field).noun : m.apply_timeline_document();
  switch (entry.kind) {
    case "note":
      return m.apply_timeline_note();
    case "document-accepted":
      return m.apply_timeline_document_accepted({ document });
    case "document-needs-new-copy":
      return m.apply_timeline_document_needs_new_copy({ document });
    case "document-replaced":
      return m.apply_timeline_document_replaced({ document });
    case "assigned":
      return entry.note ? m.apply_timeline_assigned_to({ name: entry.note }) : m.apply_timeline_assigned();
    case "withdrawn":
      return m.apply_timeline_withdrawn();
    case "reopened":
      return m.apply_timeline_reopened();
    case "status":
      if (entry.from === "draft" && entry.to === "submitted") return m.apply_timeline_submitted();
      // Notes written before events had kinds were status events to the same status.
      if (entry.from === entry.to) return m.apply_timeline_note();
      return entry.from ? `${statusLabels[entry.from]} → ${statusLabels[entry.to]}` : statusLabels[entry.to];
  }
}
