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
import { documentFields, VERIFY_BEFORE_APPLYING } from "~/lib/applications";
import { ApplicationFormSchema, DOCUMENT_REQUIRED, PROVIDE_VALID_INFORMATION } from "~/lib/schemas/applications";
import { m } from "~/paraglide/messages";

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
    if (error instanceof AppError) return refusedSubmission(submission, ApplicationFormSchema, inPageLanguage(error), { extra });
    logger.error({ err: error }, "submitting an application failed");
    return data<FormReply & typeof extra>(
      { ...extra, result: formResult(submission, ApplicationFormSchema, { formErrors: [m.forms_something_went_wrong()] }) },
      { status: 500 },
    );
  }
  return redirectWithToast(`/dashboard/my-applications/${id}`, { type: "success", text: m.apply_success_toast() }, { status: 303 });
}

/** The server's fixed English refusals, by their words in the page's language; any other stays as it is. */
function translated(message: string): string {
  if (message === PROVIDE_VALID_INFORMATION) return m.apply_provide_valid_information();
  if (message === DOCUMENT_REQUIRED) return m.apply_choose_a_file();
  if (message === VERIFY_BEFORE_APPLYING) return m.apply_verify_before_applying();
  return message;
}

/** A refusal of the post as the form shows it: the whole form's and each field's problem in the page's language. */
function inPageLanguage(error: AppError): AppError {
  const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([name, message]) => [name, translated(message)]));
  const retry = error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds };
  return new AppError(error.code, translated(error.message), { fieldErrors, ...retry, cause: error });
}
