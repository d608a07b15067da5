import { type FormEvent, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import {
  ALL_FIELDS_REQUIRED,
  type ContactFormFailure,
  type ContactFormValues,
  FIELD_REQUIRED,
  MESSAGE_MAX_LENGTH,
} from "~/lib/contact-form";
import { primaryButton } from "../ui/button-styles";
import { Field, HoneypotField, TextAreaField } from "../ui/field";

type Problems = Pick<ContactFormFailure, "formError" | "fieldErrors">;

/**
 * The contact ("Become Our Student") and enrolment form. It posts to the server, which
 * is the only judge of the input; `noValidate` lets our messages (not the browser's)
 * explain what is missing. Once JavaScript has loaded, empty fields are reported before
 * sending, with the server's own words, which saves a round trip on a slow connection.
 */
export function ContactForm({
  action,
  failure,
  initialValues,
  withMessage = true,
  submitLabel = "Submit",
}: {
  action: string;
  failure: ContactFormFailure | undefined;
  initialValues?: Partial<ContactFormValues>;
  withMessage?: boolean;
  submitLabel?: string;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  const [checked, setChecked] = useState<Problems | null>(null);
  const problems: Problems | undefined = checked ?? failure;
  const values = failure?.values ?? initialValues ?? {};
  const errors = problems?.fieldErrors ?? {};
  const required: (keyof ContactFormValues)[] = withMessage ? ["name", "phone", "email", "message"] : ["name", "phone", "email"];

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const missing = required.filter((field) => !String(form.get(field) ?? "").trim());
    if (missing.length === 0) {
      setChecked(null);
      return;
    }
    event.preventDefault();
    setChecked({ formError: ALL_FIELDS_REQUIRED, fieldErrors: Object.fromEntries(missing.map((field) => [field, FIELD_REQUIRED])) });
    event.currentTarget.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
  }

  return (
    // A new page (after success) or a new refusal remounts the form: emptied, or showing exactly what the server kept.
    <Form
      method="post"
      action={action}
      noValidate
      onSubmit={checkBeforeSending}
      className="grid gap-4"
      key={`${location.key}:${failure ? JSON.stringify(failure) : ""}`}
    >
      {problems ? (
        <p id="form-error" role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800">
          {problems.formError}
        </p>
      ) : null}
      <Field label="Name" name="name" autoComplete="name" required defaultValue={values.name} error={errors.name} maxLength={200} />
      <Field
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        defaultValue={values.phone}
        error={errors.phone}
        maxLength={30}
      />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={values.email}
        error={errors.email}
        maxLength={254}
      />
      {withMessage ? (
        <TextAreaField
          label="Message"
          name="message"
          rows={5}
          required
          defaultValue={values.message}
          error={errors.message}
          hint={`Up to ${MESSAGE_MAX_LENGTH.toLocaleString("en")} characters.`}
        />
      ) : null}
      <HoneypotField />
      <div>
        <button type="submit" className={primaryButton} disabled={submitting}>
          {submitting ? "Sending…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
