import { data } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/.server/auth/session";
import { AppError, replyWithError } from "~/.server/errors";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { readUniversityImport, type UniversityImportPlan, writeUniversityImport } from "~/.server/universities/import-universities";
import { readMultipart, UploadTooLargeError } from "~/.server/uploads";
import { formatDigits } from "~/lib/numbers";
import { type ImportIntent, importIntents, UNIVERSITY_IMPORT_MAX_BYTES, type UniversityImportReport } from "~/lib/university-import";
import { m } from "~/paraglide/messages";

/** Preview or Import, the button pressed; without one (or another) the file's report comes back with a reminder to choose. */
const ImportIntentSchema = z.object({ intent: z.enum(importIntents).nullable().catch(null) });

/** What the import page shows after a post: the report of the file (with what was asked), or why there is none. */
export type ImportReply = { intent: ImportIntent | null; report: UniversityImportReport | null; error: string | null };

/**
 * The import's post: `file` (the CSV) and `intent` (preview or import). The file is read and checked
 * as it streams in, before the intent (which browsers send after it) is known; then a preview
 * answers 200 with the report, an import with any problem 400 with it (nothing written), and an
 * import without one writes everything and goes back to the page with the counts (303).
 */
export async function handleUniversityImport(request: Request, actor: SessionUser) {
  let upload: Awaited<ReturnType<typeof readImportUpload>>;
  let intent: ImportIntent | null;
  try {
    upload = await readImportUpload(request);
    ({ intent } = parseButtons(upload.fields, ImportIntentSchema));
  } catch (error) {
    return replyWithError<ImportReply>(error, (appError) => ({ intent: null, report: null, error: appError.message }));
  }
  const read = upload.plan;
  if (!read) return data<ImportReply>({ intent, report: null, error: m.staff_import_choose_file() }, { status: 400 });
  if (!intent) return data<ImportReply>({ intent, report: read.report, error: m.staff_import_choose_intent() }, { status: 400 });
  if (intent === "preview") return data<ImportReply>({ intent, report: read.report, error: null });
  let outcome: Awaited<ReturnType<typeof writeUniversityImport>>;
  try {
    outcome = await writeUniversityImport({ actor, plan: read });
  } catch (error) {
    return replyWithError<ImportReply>(error, (appError) => ({ intent, report: read.report, error: appError.message }));
  }
  if (outcome.status === "refused") return data<ImportReply>({ intent, report: outcome.report, error: null }, { status: 400 });
  const { added, updated, unchanged, fileName } = outcome.report;
  return redirectWithToast(
    "/dashboard/universities/import",
    {
      type: "success",
      text: m.staff_import_done({
        fileName,
        added: formatDigits(added),
        updated: formatDigits(updated),
        unchanged: formatDigits(unchanged),
      }),
    },
    { status: 303 },
  );
}

/**
 * The import's multipart body, as the page and the JSON API send it: the CSV under `file`, read,
 * checked and matched as it streams in (null when none was chosen), and the form's text fields.
 * Throws AppError TOO_LARGE past the file's cap, INVALID for a body that is not a readable form.
 */
export async function readImportUpload(request: Request): Promise<{ plan: UniversityImportPlan | null; fields: FormData }> {
  let plan: UniversityImportPlan | null = null;
  try {
    const fields = await readMultipart(request, {
      maxFileBytes: UNIVERSITY_IMPORT_MAX_BYTES,
      maxFiles: 1,
      maxFields: 10,
      onFile: async (part) => {
        if (part.field !== "file" || !part.fileName) return;
        // Reading may stop early (a wrong header): the rest of the file is then drained, not destroyed,
        // so that the rest of the body still arrives and the answer can go out.
        plan = await readUniversityImport({
          file: part.stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>,
          fileName: fileNameOf(part.fileName),
        });
      },
    });
    return { plan: plan as UniversityImportPlan | null, fields };
  } catch (error) {
    if (error instanceof UploadTooLargeError) {
      throw new AppError("TOO_LARGE", m.staff_import_too_large({ maxMb: formatDigits(UNIVERSITY_IMPORT_MAX_BYTES / 1024 / 1024) }));
    }
    throw error;
  }
}

/** The file's name as the browser gave it, fit to show and record (never used as a path). */
function fileNameOf(name: string): string {
  const plain = name.replace(/\p{Cc}/gu, "").trim();
  return (plain.split(/[\\/]/).pop() ?? plain).slice(0, 200) || "file.csv";
}
