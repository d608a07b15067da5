import { FileText as PdfIcon } from "lucide";
import type { ReactNode } from "react";
import { type DocumentState, type DocumentView, documentStateLabels, formatBytes } from "~/lib/applications";
import { cn } from "~/lib/cn";
import { m } from "~/paraglide/messages";
import { Icon } from "../ui/icons";

const stateTones: Record<DocumentState, string> = {
  received: "bg-slate-100 text-slate-800",
  accepted: "bg-emerald-100 text-emerald-900",
  "needs-new-copy": "bg-amber-100 text-amber-900",
};

/**
 * The application's documents in the spec's order: images as thumbnails, PDFs with an icon, each a
 * plain link to the authorised route that streams it (a PDF opens in the browser's viewer). With
 * `showState`, each says what staff made of it (`data-document-state`, a contract outside checks
 * read) and why a new copy is needed; `extra` adds a document's own controls (staff's review form).
 */
export function DocumentGrid({
  documents,
  showState = false,
  extra,
}: {
  documents: DocumentView[];
  showState?: boolean;
  extra?: (document: DocumentView) => ReactNode;
}) {
  if (documents.length === 0) return <p className="text-slate-700">{m.apply_grid_no_documents()}</p>;
  // With controls under each (staff's review), two wide cards a row with small thumbnails beside the names.
  const wide = extra !== undefined;
  return (
    <ul
      className={wide ? "grid grid-cols-1 gap-3 sm:grid-cols-2" : "grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4"}
      aria-label={m.apply_grid_label()}
    >
      {documents.map((document) => (
        <li
          key={document.field}
          // A review (opened or sent) comes back to it (`#document-…`) and it takes the focus (app/root.tsx).
          id={`document-${document.field}`}
          data-document-state={showState ? document.state : undefined}
          className={cn(
            "flex min-w-0 scroll-mt-20 flex-col rounded-lg border bg-white p-2",
            showState && document.state === "needs-new-copy" ? "border-amber-500" : "border-slate-200",
          )}
        >
          <a
            href={document.url}
            target="_blank"
            rel="noopener"
            className={cn("group block rounded-md focus-visible:outline-2", wide && "flex items-center gap-3")}
          >
            <DocumentPreview document={document} size={wide ? "sm" : "md"} named={false} />
            <span className="block min-w-0">
              <span className={cn("block text-sm font-semibold break-words text-slate-900 group-hover:underline", !wide && "mt-2")}>
                {document.label}
              </span>
              <span className="block truncate text-xs text-slate-600" title={document.fileName}>
                {document.fileName} · {formatBytes(document.size)}
              </span>
            </span>
          </a>
          {showState ? (
            <span className={cn("mt-2 self-start rounded-full px-2 py-0.5 text-xs font-semibold", stateTones[document.state])}>
              {documentStateLabels[document.state]}
            </span>
          ) : null}
          {showState && document.state === "needs-new-copy" && document.reason ? (
            <p className="mt-1 text-sm break-words whitespace-pre-line text-amber-950">{document.reason}</p>
          ) : null}
          {extra?.(document)}
        </li>
      ))}
    </ul>
  );
}

/** A thumbnail for an image (loaded lazily through the same authorised route), a PDF icon otherwise. */
export function DocumentPreview({
  document,
  size = "md",
  src,
  named = true,
}: {
  document: Pick<DocumentView, "isImage" | "url" | "label">;
  size?: "sm" | "md";
  /** The picture to show instead of the stored file (the copy just sent, still in the browser: nothing to download). */
  src?: string | undefined;
  /** Whether the picture names the document (false where its label is written beside it, in the same link). */
  named?: boolean;
}) {
  const box = size === "sm" ? "h-16 w-16 shrink-0" : "aspect-[4/3] w-full";
  if (document.isImage) {
    return (
      <img
        src={src ?? document.url}
        alt={named ? document.label : ""}
        loading="lazy"
        decoding="async"
        className={`${box} rounded-md bg-slate-100 object-cover`}
      />
    );
  }
  return (
    <span className={`${box} flex flex-col items-center justify-center rounded-md bg-red-50 text-red-800`}>
      <Icon icon={PdfIcon} className="size-8" />
      <span className="text-xs font-semibold">PDF</span>
    </span>
  );
}
