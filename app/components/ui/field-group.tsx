import type { ReactNode } from "react";

/** A long form's section: a bordered fieldset with its legend, a note, and fields in two columns from `sm`. */
export function FieldGroup({ legend, note, children }: { legend: string; note?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-slate-900">{legend}</legend>
      {note ? <p className="text-sm text-slate-600 sm:col-span-2">{note}</p> : null}
      {children}
    </fieldset>
  );
}
