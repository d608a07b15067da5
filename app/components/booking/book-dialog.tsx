import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import { BookingForm, type BookingFormData } from "./booking-form";

type Loaded = { consultant: { id: string; name: string }; form: BookingFormData };
type Reply = { result: Parameters<typeof useSchemaForm>[1] };

/**
 * The Book Appointment dialog (a native modal <dialog>: focus moves in, Tab stays inside, Escape
 * closes, and focus goes back to the button that opened it). It loads the consultant's booking
 * page's data (their free slots, read when it opens) and posts to that page's action through a
 * fetcher: a refusal stays in the dialog with the reason and the slots read again; a booking
 * navigates to the student's bookings with the toast. Without JavaScript each card's button is
 * a link to that booking page instead.
 */
export function useBookDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [consultantId, setConsultantId] = useState<string | null>(null);
  const loader = useFetcher<Loaded>();
  // One fetcher per consultant: a refusal shown for one never shows in another's form.
  const submitter = useFetcher<Reply>({ key: `book-${consultantId ?? "none"}` });

  const open = useCallback(
    (id: string, trigger: HTMLElement) => {
      opener.current = trigger;
      setConsultantId(id);
      loader.load(`/book-appointment/${encodeURIComponent(id)}`);
      dialog.current?.showModal();
    },
    [loader.load],
  );

  // A refused booking (the slot was just taken): read the slots again.
  const reply = submitter.data;
  useEffect(() => {
    if (reply && consultantId) loader.load(`/book-appointment/${encodeURIComponent(consultantId)}`);
  }, [reply, consultantId, loader.load]);

  const element = (
    <dialog
      ref={dialog}
      aria-labelledby="book-dialog-title"
      className="m-auto w-[min(40rem,calc(100vw-2rem))] max-w-none rounded-card border border-slate-200 p-0 shadow-lg backdrop:bg-slate-900/50"
      onClose={() => {
        setConsultantId(null);
        opener.current?.focus();
      }}
    >
      <div className="max-h-[85vh] overflow-y-auto p-4 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id="book-dialog-title" className="text-xl font-semibold text-slate-900">
            {m.community_book_appointment()}
            {loader.data && consultantId === loader.data.consultant.id ? (
              <span className="block text-base font-normal text-slate-700">
                {m.community_dialog_with({ name: loader.data.consultant.name })}
              </span>
            ) : null}
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {m.forms_toast_close()}
          </button>
        </div>
        {consultantId && loader.data?.consultant.id === consultantId ? (
          <BookingForm
            key={consultantId}
            data={loader.data.form}
            lastResult={submitter.data?.result}
            form={submitter.Form}
            pending={submitter.state !== "idle"}
          />
        ) : consultantId ? (
          <p className="mt-4 text-slate-700" role="status">
            {loader.state === "idle" ? m.community_dialog_load_failed() : m.community_dialog_loading()}
          </p>
        ) : null}
      </div>
    </dialog>
  );
  return { open, element };
}
