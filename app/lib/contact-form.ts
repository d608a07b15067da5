/** What the contact and enrolment actions answer when they refuse a submission (shared with the forms). */
export type ContactFormValues = { name: string; phone: string; email: string; message: string };

export type ContactFormFailure = {
  status: "invalid" | "rate-limited" | "failed";
  formError: string;
  fieldErrors: Partial<Record<keyof ContactFormValues, string>>;
  values: ContactFormValues;
};

export const CONTACT_SUCCESS_TEXT = "We got your message. We will contact with you as soon as possible";
export const CONTACT_SUCCESS_DURATION_MS = 10_000;
export const ALL_FIELDS_REQUIRED = "All fields are required";
export const SOMETHING_WENT_WRONG = "Something went wrong, please try again later";
export const FIELD_REQUIRED = "This field is required";
/** The longest message the contact form accepts. */
export const MESSAGE_MAX_LENGTH = 5_000;
