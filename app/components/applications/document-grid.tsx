import { FileText as PdfIcon } from "lucide";
import { type DocumentView, formatBytes } from "~/lib/applications";
import { Icon } from "../ui/icons";

/**
 * The application's documents in the spec's order: images as thumbnails, PDFs with an icon, each a
 * plain link to the authorised route that streams it (a PDF opens in the browser's viewer).
 */
export function DocumentGrid({ documents }: { documents: DocumentView[] }) {
  if (documents.length === 0) return <p className="text-slate-700">No documents.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label="Documents">
      {documents.map((document) => (
        <li key={document.field}>
          <a
            href={document.url}
            target="_blank"
            rel="noopener"
            className="group block h-full rounded-lg border border-slate-200 bg-white p-2 hover:border-brand-600 focus-visible:border-brand-600"
          >
            <DocumentPreview document={document} />
            <span className="mt-2 block text-sm font-semibold break-words text-slate-900 group-hover:underline">{document.label}</span>
            <span className="block truncate text-xs text-slate-600" title={document.fileName}>
              {document.fileName} · {formatBytes(document.size)}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A thumbnail for an image (loaded lazily through the same authorised route), a PDF icon otherwise. */
export function DocumentPreview({
  document,
  size = "md",
}: {
  document: Pick<DocumentView, "isImage" | "url" | "label">;
  size?: "sm" | "md";
}) {
  const box = size === "sm" ? "h-16 w-16" : "aspect-[4/3] w-full";
  if (document.isImage) {
    return (
      <img
        src={document.url}
        alt={document.label}
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
