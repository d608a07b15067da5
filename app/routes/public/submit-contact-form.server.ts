import { data } from "react-router";
import { CLIENT_IP_HEADER } from "~/.server/auth/client-ip";
import { type ContactKind, ContactValidationError, parseContactMessage } from "~/.server/contact/schema";
import { submitContactMessage } from "~/.server/contact/submit-contact-message";
import { logger } from "~/.server/logger";
import { limiter, limits, RateLimitedError } from "~/.server/security/rate-limit";
import { redirectWithToast } from "~/.server/toast";
import { ALL_FIELDS_REQUIRED, type ContactFormFailure, type ContactFormValues, SOMETHING_WENT_WRONG } from "~/lib/contact-form";
import type { Toast } from "~/lib/toast";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The action behind the contact form and the IELTS enrolment form: rate limit per
 * client address, validate, store and notify, then redirect (303) to `successUrl`
 * with the toast. Every refusal re-renders the form with what the person typed.
 */
export async function handleContactForm(
  request: Request,
  options: { kind: ContactKind; successUrl: string; successToast: Toast; message?: (form: FormData) => string },
) {
  const form = await request.formData();
  const values: ContactFormValues = {
    name: text(form, "name"),
    phone: text(form, "phone"),
    email: text(form, "email"),
    message: options.message ? options.message(form) : text(form, "message"),
  };
  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const fail = (failure: Omit<ContactFormFailure, "values">, status: number) =>
    data<ContactFormFailure>({ ...failure, values }, { status });

  try {
    await limiter(limits.contactPerIp).check(ip);
    parseContactMessage({ kind: options.kind, ...values });
    await limiter(limits.contactPerIp).hit(ip);
    await submitContactMessage({ kind: options.kind, ...values, honeypot: text(form, "website") });
  } catch (error) {
    if (error instanceof ContactValidationError) {
      return fail(
        { status: "invalid", formError: error.missing ? ALL_FIELDS_REQUIRED : error.message, fieldErrors: error.fieldErrors },
        400,
      );
    }
    if (error instanceof RateLimitedError) {
      return fail(
        { status: "rate-limited", formError: `You have sent several messages in a short time. ${error.message}`, fieldErrors: {} },
        429,
      );
    }
    logger.error({ err: error, kind: options.kind }, "a contact form submission failed");
    return fail({ status: "failed", formError: SOMETHING_WENT_WRONG, fieldErrors: {} }, 500);
  }
  return redirectWithToast(options.successUrl, options.successToast, { status: 303 });
}
