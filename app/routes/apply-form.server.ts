import { data } from "react-router";
import { loadDraft } from "~/.server/applications/draft-view";
import { submitApplication } from "~/.server/applications/submit-application";
import type { SessionUser } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import { AppError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import { type FormReply, formResult, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { readMultipart } from "~/.server/uploads";
import { documentFields } from "~/lib/applications";
import { SOMETHING_WENT_WRONG } from "~/lib/contact-form";
import { ApplicationFormSchema } from "~/lib/schemas/applications";

/** Text fields the form may carry beside its 15 files (the schema's, draftId, and a few extra a client might add). */
const MAX_FIELDS = 40;

/**
 * The /apply post: the multipart body streamed through the parser into `submitApplication` (each
 * document checked and stored as it arrives). Success goes to the new application with the toast;
 * a refusal answers the form again, with what was typed, each problem beside its field and the
 * documents now kept in the draft; a fault says so and keeps the form too.
 */
export async function handleApplicationPost(request: Request, applicant: SessionUser) {
  const maxBytes = getConfig().uploadMaxBytes;
  let text = new FormData();
  let id: string;
  try {
    ({ id } = await submitApplication({
      applicant,
      maxBytes,
      readForm: async (onFile) => {
        text = await readMultipart(request, { maxFileBytes: maxBytes, maxFiles: documentFields.length, maxFields: MAX_FIELDS, onFile });
        return text;
      },
    }));
  } catch (error) {
    const submission = parseSubmission(text, ApplicationFormSchema);
    const draft = await loadDraft(applicant.id);
    const extra = { documents: draft.documents, draftId: draft.id };
    if (error instanceof AppError) return refusedSubmission(submission, ApplicationFormSchema, error, { extra });
    logger.error({ err: error }, "submitting an application failed");
    return data<FormReply & typeof extra>(
      { ...extra, result: formResult(submission, ApplicationFormSchema, { formErrors: [SOMETHING_WENT_WRONG] }) },
      { status: 500 },
    );
  }
  return redirectWithToast(`/dashboard/my-applications/${id}`, { type: "success", text: "Successfully applied" }, { status: 303 });
}
