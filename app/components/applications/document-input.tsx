import { Upload as UploadIcon } from "lucide";
import { useId, useRef, useState } from "react";
import { DOCUMENT_ACCEPT, type DocumentField, type DocumentView, formatBytes, uploadErrorMessage } from "~/lib/applications";
import { cn } from "~/lib/cn";
import { Button } from "../ui/button";
import { Icon } from "../ui/icons";
import { DocumentPreview } from "./document-grid";

type Uploaded = { document: DocumentView; draftId: string };

/**
 * One document of the application form. Without JavaScript (or before it loads) it is a plain file
 * input that travels with the whole form. With JavaScript a chosen file uploads at once to
 * /apply/documents/{field} with a progress bar, lands in the draft, and shows as a thumbnail (or a
 * PDF icon) with a Replace button; a failure names the document ("Error uploading the bank
 * statement. Please try again") and why, and the input stays ready for another try.
 */
export function DocumentInput({
  field,
  label,
  current,
  error: serverError,
  hydrated,
  maxBytes,
  onBusy,
  onUploaded,
}: {
  field: DocumentField;
  label: string;
  current: DocumentView | null;
  error: string | undefined;
  hydrated: boolean;
  maxBytes: number;
  onBusy: (field: DocumentField, busy: boolean) => void;
  onUploaded: (uploaded: Uploaded) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploaded, setUploaded] = useState<DocumentView | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const document = uploaded ?? current;
  const error = failure ?? (uploaded ? undefined : serverError);
  const hint = `JPEG, PNG, WebP or PDF, at most ${formatBytes(maxBytes)}`;

  function upload(file: File) {
    setFailure(null);
    if (file.size > maxBytes) {
      setFailure(`${uploadErrorMessage(field)}: the file is larger than ${formatBytes(maxBytes)}.`);
      return;
    }
    const body = new FormData();
    body.append(field, file);
    const request = new XMLHttpRequest();
    request.open("POST", `/apply/documents/${field}`);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    };
    const finish = (message: string | null) => {
      setProgress(null);
      onBusy(field, false);
      if (message) setFailure(message);
    };
    request.onload = () => {
      const answer = (request.response ?? {}) as { document?: DocumentView; draftId?: string; detail?: string };
      if (request.status === 200 && answer.document && answer.draftId) {
        const fresh = { ...answer.document, url: `${answer.document.url}?v=${Date.now()}` };
        setUploaded(fresh);
        onUploaded({ document: fresh, draftId: answer.draftId });
        // Uploaded: the whole form's post need not carry the file again.
        if (input.current) input.current.value = "";
        finish(null);
      } else {
        const why = answer.detail ?? (request.status === 413 ? `The file is larger than ${formatBytes(maxBytes)}.` : null);
        finish(why ? `${uploadErrorMessage(field)}: ${why}` : uploadErrorMessage(field));
      }
    };
    request.onerror = () => finish(`${uploadErrorMessage(field)}: the connection was lost.`);
    request.ontimeout = () => finish(`${uploadErrorMessage(field)}: it took too long.`);
    request.onabort = () => finish(uploadErrorMessage(field));
    onBusy(field, true);
    setProgress(0);
    request.send(body);
  }

  const describedBy = error ? `${id}-error` : `${id}-hint`;
  return (
    <div className={cn("rounded-lg border bg-white p-3", error ? "border-red-600" : "border-slate-200")}>
      <div className="flex items-start gap-3">
        {document ? (
          <a href={document.url} target="_blank" rel="noopener" className="shrink-0">
            <DocumentPreview document={document} size="sm" />
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
              Uploaded:{" "}
              <a href={document.url} target="_blank" rel="noopener" className="break-all underline">
                {document.fileName}
              </a>{" "}
              ({formatBytes(document.size)})
            </p>
          ) : null}
          <p id={`${id}-hint`} className={cn("text-sm text-slate-600", error ? "sr-only" : undefined)}>
            {document && !hydrated ? `Choose a file to replace it. ${hint}` : hint}
          </p>
          <input
            ref={input}
            id={id}
            name={field}
            type="file"
            accept={DOCUMENT_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            disabled={progress !== null}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (hydrated && file) upload(file);
            }}
            className={
              hydrated && document && progress === null
                ? "sr-only"
                : "mt-2 block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:font-semibold"
            }
          />
          {hydrated && document && progress === null ? (
            <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => input.current?.click()}>
              Replace<span className="sr-only"> the {label.toLowerCase()}</span>
            </Button>
          ) : null}
          {progress !== null ? (
            <div className="mt-2">
              <progress value={progress} max={100} className="h-2 w-full" aria-label={`Uploading: ${label}`} />
              <p className="text-xs text-slate-600" aria-live="polite">
                Uploading… {progress}%
              </p>
            </div>
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
