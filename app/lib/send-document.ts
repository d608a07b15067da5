import { m } from "~/paraglide/messages";
import type { DocumentField, DocumentView } from "./applications";
import { localizedPath } from "./locale";

/**
 * One document sent to POST /apply/documents/{field} from the browser, with progress, and the rule
 * for sending it again (ADR 032): a dropped connection, a stall or a server that is briefly away is
 * retried after these waits, then the person is offered "Try again"; a refusal (the wrong kind of
 * file, too large, signed out) is final and says why. Sending again is safe: the server keeps the
 * last copy of a field in the draft.
 */
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000] as const;

/** No byte sent and no answer for this long counts as a dropped connection (the server's own body rule is the same). */
export const STALL_MS = 30_000;

export type SendOutcome =
  | { ok: true; document: DocumentView; draftId: string }
  | { ok: false; status: number; retryable: boolean; detail: string | null };

/** 0 is a connection lost or stalled; 408, 429 and 5xx are the server or a proxy asking for another try. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * Sends one file; `onProgress` hears the bytes of the file sent so far. Resolves (never rejects)
 * with the server's document or why it failed; `signal` aborts it (leaving the page).
 */
export function sendDocument(
  field: DocumentField,
  file: File,
  { onProgress, signal }: { onProgress: (sent: number) => void; signal: AbortSignal },
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const settle = (outcome: SendOutcome) => {
      clearTimeout(stall);
      signal.removeEventListener("abort", abort);
      resolve(outcome);
    };
    const lost = (detail: string) => settle({ ok: false, status: 0, retryable: true, detail });
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        request.onabort = () => lost(m.apply_connection_stalled());
        request.abort();
      }, STALL_MS);
    };
    const abort = () => {
      request.onabort = () => settle({ ok: false, status: 0, retryable: false, detail: null });
      request.abort();
    };
    if (signal.aborted) return resolve({ ok: false, status: 0, retryable: false, detail: null });
    request.open("POST", localizedPath(`/apply/documents/${field}`));
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      watch();
      // The body is the file plus a few hundred bytes of multipart framing: show the file's share.
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(file.size, Math.round((event.loaded / event.total) * file.size)));
    };
    request.upload.onload = watch;
    request.onload = () => {
      const answer = (request.response ?? {}) as { document?: DocumentView; draftId?: string; detail?: string };
      if (request.status === 200 && answer.document && answer.draftId)
        settle({ ok: true, document: answer.document, draftId: answer.draftId });
      else settle({ ok: false, status: request.status, retryable: isRetryable(request.status), detail: answer.detail ?? null });
    };
    request.onerror = () => lost(m.apply_connection_lost());
    request.onabort = () => lost(m.apply_connection_lost());
    signal.addEventListener("abort", abort);
    const body = new FormData();
    body.append(field, file);
    watch();
    request.send(body);
  });
}

/**
 * Runs jobs one at a time in the order they were queued: on a thin mobile link one document at a
 * time arrives sooner than fifteen sharing it, and a dropped connection costs only the one in flight.
 */
export function createUploadQueue() {
  let tail: Promise<void> = Promise.resolve();
  return (job: () => Promise<void>): Promise<void> => {
    const run = tail.then(job);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}
