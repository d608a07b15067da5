import { Readable } from "node:stream";
import type { openApplicationDocument } from "~/.server/applications/read-document";
import { saveDraftDocument } from "~/.server/applications/save-draft-document";
import type { SessionUser } from "~/.server/auth/session";
import { AppError } from "~/.server/errors";
import { readMultipart } from "~/.server/uploads";
import { type DocumentField, documentInfo, isDocumentField } from "~/lib/applications";
import { m } from "~/paraglide/messages";

/**
 * One document of the person's draft from a multipart body (the file under the field's own name),
 * streamed through the checks into storage and kept in the draft: the form's upload
 * (/apply/documents/{field}) and the JSON API's. Throws AppError: INVALID (no file, a refused
 * file), TOO_LARGE, FORBIDDEN (unconfirmed e-mail).
 */
export async function receiveDraftDocument(request: Request, applicant: SessionUser, field: DocumentField, maxBytes: number) {
  let saved: Awaited<ReturnType<typeof saveDraftDocument>> | undefined;
  await readMultipart(request, {
    maxFileBytes: maxBytes,
    maxFiles: 1,
    maxFields: 5,
    onFile: async (part) => {
      if (part.field !== field || part.fileName === "") return;
      saved = await saveDraftDocument({ applicant, field, fileName: part.fileName, stream: part.stream, maxBytes });
    },
  });
  if (!saved) {
    const message = m.apply_choose_document({ document: documentInfo(field).noun });
    throw new AppError("INVALID", message, { fieldErrors: { [field]: message } });
  }
  return saved;
}

const extensions: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "application/pdf": "pdf" };

/**
 * A stored document as its download: the person's alone, never run as a page of ours (a fixed
 * file name, no sniffing, no caching, a sandboxing CSP; a PDF still opens in the browser's viewer).
 */
export function documentResponse(document: Awaited<ReturnType<typeof openApplicationDocument>>): Response {
  const name = isDocumentField(document.field)
    ? `${documentInfo(document.field)
        // In English whatever the page's language: the name is built from a-z and digits alone.
        .labelIn("en")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")}.${extensions[document.contentType] ?? "bin"}`
    : "document";
  return new Response(Readable.toWeb(document.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(document.size),
      "Content-Disposition": `inline; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
