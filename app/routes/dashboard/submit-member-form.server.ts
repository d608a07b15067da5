import { data } from "react-router";
import type { SessionUser } from "~/.server/auth/session";
import { isAppError, replyWithError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import type { MemberChoices, MemberInput } from "~/.server/networking/schema";
import { readForm } from "~/.server/read-form";
import { type FormReply, formResult, invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { SOMETHING_WENT_WRONG } from "~/lib/contact-form";
import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import { MemberFormSchema } from "~/lib/schemas/networking";
import type { Toast } from "~/lib/toast";

/**
 * The action behind the add and edit forms of a networking member: read the multipart post (the
 * photo at most 5 MB), validate with the form's schema, `save`, then redirect with the toast.
 * A refusal shows the form again with what was typed and each field's problem; a fault says
 * "Something went wrong, please try again later" and keeps the form too.
 */
export async function handleMemberForm(
  request: Request,
  options: {
    actor: SessionUser;
    choices: MemberChoices;
    save: (input: { fields: MemberInput; photo: Buffer | null }) => Promise<unknown>;
    successUrl: string;
    successToast: Toast;
  },
) {
  let formData: FormData;
  try {
    formData = await readForm(request, PHOTO_FORM_MAX_BYTES);
  } catch (error) {
    return replyWithError(error, (refusal) => ({ result: { status: "error", error: { profile: [refusal.message] } } }) as FormReply);
  }
  const submission = parseSubmission(formData, MemberFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, MemberFormSchema);
  const file = formData.get("profile");
  try {
    await options.save({
      fields: submission.value,
      photo: file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null,
    });
  } catch (error) {
    if (isAppError(error)) return refusedSubmission(submission, MemberFormSchema, error);
    logger.error({ err: error }, "saving a networking member failed");
    return data<FormReply>({ result: formResult(submission, MemberFormSchema, { formErrors: [SOMETHING_WENT_WRONG] }) }, { status: 500 });
  }
  return redirectWithToast(options.successUrl, options.successToast, { status: 303 });
}
