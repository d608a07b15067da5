import { data } from "react-router";
import type { z } from "zod";
import { isAppError, replyWithError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import { readForm } from "~/.server/read-form";
import { type FormReply, formResult, invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import type { Toast } from "~/lib/toast";
import { m } from "~/paraglide/messages";

/**
 * The action behind a staff form with one picture (a networking member's photo, a university's
 * logo), for adding and editing alike: read the multipart post (at most `maxBytes`), validate with
 * the form's schema, `save`, then redirect with the toast. A body too large is named on the file
 * field; a refusal shows the form again with what was typed and each field's problem; a fault says
 * "Something went wrong, please try again later" and keeps the form too.
 */
export async function handleUploadForm<S extends z.ZodType>(
  request: Request,
  options: {
    schema: S;
    /** The file input's name. */
    fileField: string;
    maxBytes: number;
    save: (input: { fields: z.output<S>; file: Buffer | null }) => Promise<unknown>;
    successUrl: string;
    successToast: Toast;
  },
) {
  const { schema, fileField } = options;
  let formData: FormData;
  try {
    formData = await readForm(request, options.maxBytes);
  } catch (error) {
    return replyWithError(error, (refusal) => ({ result: { status: "error", error: { [fileField]: [refusal.message] } } }) as FormReply);
  }
  const submission = parseSubmission(formData, schema);
  if (submission.status !== "success") return invalidSubmission(submission, schema);
  const file = formData.get(fileField);
  try {
    await options.save({
      fields: submission.value as z.output<S>,
      file: file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null,
    });
  } catch (error) {
    if (isAppError(error)) return refusedSubmission(submission, schema, error);
    logger.error({ err: error, path: new URL(request.url).pathname }, "saving a staff form failed");
    return data<FormReply>({ result: formResult(submission, schema, { formErrors: [m.forms_something_went_wrong()] }) }, { status: 500 });
  }
  return redirectWithToast(options.successUrl, options.successToast, { status: 303 });
}
