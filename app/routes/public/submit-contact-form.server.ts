import { data } from "react-router";
import { CLIENT_IP_HEADER } from "~/.server/auth/client-ip";
import { submitContactMessage } from "~/.server/contact/submit-contact-message";
import { isAppError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { limiter, limits } from "~/.server/security/rate-limit";
import { type FormReply, formResult, invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { ContactFormSchema, type ContactKind, EnrolmentFormSchema } from "~/lib/schemas/contact";
import type { Toast } from "~/lib/toast";
import { m } from "~/paraglide/messages";

/**
 * The action behind the contact form and the IELTS enrolment form: rate limit per
 * client address, validate with the form's schema, store and notify, then redirect (303)
 * to `successUrl` with the toast. Every refusal re-renders the form with what the person typed.
 */
export async function handleContactForm(
  request: Request,
  options: { kind: ContactKind; successUrl: string; successToast: Toast; message?: string },
) {
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const schema = options.kind === "contact" ? ContactFormSchema : EnrolmentFormSchema;
  const submission = parseSubmission(formData, schema);
  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";

  try {
    await limiter(limits.contactPerIp).check(ip);
    if (submission.status !== "success") return invalidSubmission(submission, schema);
    await limiter(limits.contactPerIp).hit(ip);
    const honeypot = formData.get("website");
    const { name, phone, email } = submission.value;
    const typed = (submission.value as { message?: string }).message;
    await submitContactMessage({
      kind: options.kind,
      name,
      phone,
      email,
      message: options.message ?? typed ?? "",
      honeypot: typeof honeypot === "string" ? honeypot : undefined,
    });
  } catch (error) {
    if (isAppError(error)) {
      return refusedSubmission(submission, schema, error, {
        prefix: error.code === "RATE_LIMITED" ? `${m.forms_contact_rate_limited()} ` : "",
      });
    }
    logger.error({ err: error, kind: options.kind }, "a contact form submission failed");
    return data<FormReply>({ result: formResult(submission, schema, { formErrors: [m.forms_something_went_wrong()] }) }, { status: 500 });
  }
  return redirectWithToast(options.successUrl, options.successToast, { status: 303 });
}
