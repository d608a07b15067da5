import { Upload as UploadIcon } from "lucide";
import { useEffect, useId, useRef, useState } from "react";
import { DOCUMENT_ACCEPT, type DocumentField, type DocumentView, documentInfo, formatBytes, uploadErrorMessage } from "~/lib/applications";
import { cn } from "~/lib/cn";
import { getLocale } from "~/lib/locale";
import { formatDigits } from "~/lib/numbers";
import { pause, RETRY_DELAYS_MS, sendDocument } from "~/lib/send-document";
import { type PreparedFile, prepareForUpload } from "~/lib/shrink-image";
import { m } from "~/paraglide/messages";
import { Button } from "../ui/button";
import { Icon } from "../ui/icons";
import { DocumentPreview } from "./document-grid";

type Uploaded = { document: DocumentView; draftId: string };

/** Where one chosen file is on its way to the draft. */
type Phase =
  | { kind: "idle" }
  | { kind: "waiting" }
  | { kind: "preparing" }
  | { kind: "sending"; sent: number; prepared: PreparedFile }
  | { kind: "retrying"; seconds: number; prepared: PreparedFile }
  | { kind: "failed"; message: string; retry: PreparedFile | null };

/**
 * One document of the application form. Without JavaScript (or before it loads) it is a plain file
 * input that travels with the whole form. With JavaScript a chosen photo is made smaller
 * (prepareForUpload), waits its turn in the form's queue, and uploads to /apply/documents/{field}
 * with a progress bar in bytes; a dropped connection is retried after a pause (RETRY_DELAYS_MS),
 * then "Try again" sends the same prepared file. Uploaded, it lands in the draft and shows as a
 * thumbnail (or a PDF icon) with a Replace button; a refusal names the document and says why, and
 * the input stays ready for another file.
 */
export function DocumentInput({
  field,
  label,
  current,
  error: serverError,
  hydrated,
  maxBytes,
  enqueue,
  onBusy,
  onUploaded,
}: {
  field: DocumentField;
  label: string;
  current: DocumentView | null;
  error: string | undefined;
  hydrated: boolean;
  maxBytes: number;
  /** The form's one-at-a-time queue (createUploadQueue). */
  enqueue: (job: () => Promise<void>) => Promise<void>;
  onBusy: (field: DocumentField, busy: boolean) => void;
  onUploaded: (uploaded: Uploaded) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploaded, setUploaded] = useState<DocumentView | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  // The photo just sent, shown from the browser's memory: on a thin link the thumbnail must not
  // download the stored file again (fifteen of them would hold up the submit).
  const [localPreview, setLocalPreview] = useState<string | undefined>(undefined);
  useEffect(() => () => (localPreview ? URL.revokeObjectURL(localPreview) : undefined), [localPreview]);
  // Aborted when the form goes away (the student leaves /apply): the upload in flight stops.
  const lifetime = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);
  const document = uploaded ?? current;
  const failure = phase.kind === "failed" ? phase.message : null;
  const error = failure ?? (uploaded ? undefined : serverError);
  const busy = phase.kind !== "idle" && phase.kind !== "failed";
  // Keyboard and screen reader users choose a file from the focused input, which is disabled while
  // its file goes and hidden after: focus then moves to what took its place, not to the page's start.
  const replaceButton = useRef<HTMLButtonElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || busy) return;
    refocus.current = false;
    const focused = globalThis.document.activeElement;
    if (focused && focused !== globalThis.document.body) return;
    (replaceButton.current ?? retryButton.current ?? input.current)?.focus();
  }, [busy]);
  const hint = m.apply_input_hint({ size: formatBytes(maxBytes) });
  const tooLarge = () => m.apply_input_too_large({ size: formatBytes(maxBytes) });
  const failedBecause = (reason: string) => m.apply_input_error_with_reason({ error: uploadErrorMessage(field), reason });

  async function send(prepared: PreparedFile) {
    const signal = lifetime.current.signal;
    for (let attempt = 0; ; attempt++) {
      setPhase({ kind: "sending", sent: 0, prepared });
      const outcome = await sendDocument(field, prepared.file, {
        signal,
        onProgress: (sent) => setPhase({ kind: "sending", sent, prepared }),
      });
      if (signal.aborted) return;
      if (outcome.ok) {
        const fresh = { ...outcome.document, url: `${outcome.document.url}?v=${Date.now()}` };
        setUploaded(fresh);
        setLocalPreview(fresh.isImage ? URL.createObjectURL(prepared.file) : undefined);
        onUploaded({ document: fresh, draftId: outcome.draftId });
        // Uploaded: the whole form's post need not carry the file again.
        if (input.current) input.current.value = "";
        setPhase({ kind: "idle" });
        return;
      }
      const delay = RETRY_DELAYS_MS[attempt];
      const why = outcome.detail ?? (outcome.status === 413 ? tooLarge() : null);
      const message = why ? failedBecause(why) : uploadErrorMessage(field);
      if (!outcome.retryable) return refuse(message);
      if (delay === undefined) return setPhase({ kind: "failed", message, retry: prepared });
      setPhase({ kind: "retrying", seconds: delay / 1000, prepared });
      await pause(delay, signal);
      if (signal.aborted) return;
    }
  }

  /** Queues `job` behind the other documents; the form holds its submit until every one has settled. */
  function schedule(job: () => Promise<void>) {
    setPhase({ kind: "waiting" });
    onBusy(field, true);
    void enqueue(async () => {
      try {
        await job();
      } catch {
        refuse(uploadErrorMessage(field));
      } finally {
        onBusy(field, false);
      }
    });
  }

  function choose(file: File) {
    refocus.current = globalThis.document.activeElement === input.current;
    schedule(async () => {
      if (lifetime.current.signal.aborted) return;
      setPhase({ kind: "preparing" });
      const prepared = await prepareForUpload(file);
      if (prepared.file.size > maxBytes) {
        return refuse(failedBecause(tooLarge()));
      }
      await send(prepared);
    });
  }

  /** A refusal: the file cannot go as it is, so the whole form's post must not carry it either. */
  function refuse(message: string) {
    if (input.current) input.current.value = "";
    setPhase({ kind: "failed", message, retry: null });
  }

  const describedBy = error ? `${id}-error` : `${id}-hint`;
  return (
    <div className={cn("rounded-lg border bg-white p-3", error ? "border-red-600" : "border-slate-200")}>
      <div className="flex items-start gap-3">
        {document ? (
          <a href={document.url} target="_blank" rel="noopener" className="shrink-0">
            <DocumentPreview document={document} size="sm" src={uploaded ? localPreview : undefined} />
          </a>
        ) : (
          <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500">
            <Icon icon={UploadIcon} className="size-6" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block font-semibold text-slate-900">
            {label}
          </label>
          {document ? (
            <p className="text-sm text-emerald-800" data-uploaded={field}>
              {m.apply_input_uploaded()}{" "}
              <a href={document.url} target="_blank" rel="noopener" className="break-all underline">
                {document.fileName}
              </a>{" "}
              ({formatBytes(document.size)})
            </p>
          ) : null}
          <p id={`${id}-hint`} className={cn("text-sm text-slate-600", error ? "sr-only" : undefined)}>
            {document && !hydrated ? m.apply_input_replace_hint({ hint }) : hint}
          </p>
          <input
            ref={input}
            id={id}
            name={field}
            type="file"
            accept={DOCUMENT_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            disabled={busy}
            // Hidden once a file is in: the Replace button is its tab stop then.
            tabIndex={hydrated && document && !busy ? -1 : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (hydrated && file) choose(file);
            }}
            className={
              hydrated && document && !busy
                ? "sr-only"
                : "mt-2 block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:font-semibold"
            }
          />
          {hydrated && document && !busy ? (
            <Button ref={replaceButton} type="button" variant="outline" size="sm" className="mt-2" onClick={() => input.current?.click()}>
              {m.apply_input_replace()}
              <span className="sr-only"> {m.apply_input_replace_sr({ document: getLocale() === "en" ? label.toLowerCase() : label })}</span>
            </Button>
          ) : null}
          <UploadProgress phase={phase} label={label} />
          {phase.kind === "failed" && phase.retry ? (
            <Button
              ref={retryButton}
              type="button"
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => {
                refocus.current = true;
                if (phase.retry) schedule(() => send(phase.retry as PreparedFile));
              }}
            >
              {m.apply_input_try_again()}
              <span className="sr-only"> {m.apply_input_try_again_sr({ document: documentInfo(field).noun })}</span>
            </Button>
          ) : null}
          {error ? (
            <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" role={failure ? "alert" : undefined}>
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** What a document on its way says: its turn, the photo being made smaller, bytes sent, or the next try. */
function UploadProgress({ phase, label }: { phase: Phase; label: string }) {
  if (phase.kind === "idle" || phase.kind === "failed") return null;
  const prepared = phase.kind === "sending" || phase.kind === "retrying" ? phase.prepared : null;
  const total = prepared?.file.size ?? 0;
  const sent = phase.kind === "sending" ? phase.sent : 0;
  const status = {
    waiting: () => m.apply_progress_waiting(),
    preparing: () => m.apply_progress_preparing(),
    sending: () => m.apply_progress_sending({ sent: formatBytes(sent), total: formatBytes(total) }),
    retrying: () => m.apply_progress_retrying({ seconds: formatDigits(phase.kind === "retrying" ? phase.seconds : 0) }),
  }[phase.kind]();
  return (
    <div className="mt-2" data-upload-phase={phase.kind}>
      {phase.kind === "sending" || phase.kind === "preparing" ? (
        <progress
          value={phase.kind === "sending" ? sent : undefined}
          max={phase.kind === "sending" ? Math.max(total, 1) : undefined}
          className="h-2 w-full"
          aria-label={m.apply_progress_label({ document: label })}
        />
      ) : null}
      <p className="text-xs text-slate-600" aria-live="polite">
        {status}
        {prepared?.originalSize ? ` ${m.apply_progress_made_smaller({ size: formatBytes(prepared.originalSize) })}` : null}
      </p>
    </div>
  );
}
