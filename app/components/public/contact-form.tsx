import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useFormAction, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { type ContactFormValues, contactFormProblem, MESSAGE_MAX_LENGTH } from "~/lib/contact-form";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/lib/form-limits";
import { groupThousands } from "~/lib/numbers";
import type { ContactFormSchema } from "~/lib/schemas/contact";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import { Button } from "../ui/button";
import { Field, HoneypotField, TextAreaField } from "../ui/field";

type ContactFormProps = {
  action: string;
  /** The action's answer (`actionData?.result`) after a refused submission. */
  lastResult: SubmissionResult<string[]> | undefined;
  initialValues?: Partial<ContactFormValues>;
  withMessage?: boolean;
  /** The submit button's words, in the page's language (the contact form's "Submit" by default). */
  submitLabel?: string;
};

/**
 * The contact ("Become Our Student") and enrolment form. It posts to the server, which
 * is the judge of the input, with the same schema the browser checks before sending (so
 * a slow connection is spared a round trip). Without JavaScript the server's answer shows
 * the same messages.
 */
export function ContactForm(props: ContactFormProps) {
  // A new page (after success, or a new refusal) starts a new form: emptied, or showing what the server kept.
  const location = useLocation();
  return <ContactFormFields key={location.key} {...props} />;
}

function ContactFormFields({ action, lastResult, initialValues, withMessage = true, submitLabel }: ContactFormProps) {
  const navigation = useNavigation();
  // The navigation's action carries the language prefix (/bn/contact), as useFormAction resolves it.
  const formAction = useFormAction(action);
  const submitting = navigation.state === "submitting" && navigation.formAction === formAction;
  // The enrolment form's fields are the contact form's without the message.
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof ContactFormSchema>>(
    withMessage ? "contact" : "enrolment",
    lastResult,
    {
      defaultValue: initialValues,
    },
  );
  const problem = form.errors?.[0] ?? contactFormProblem(form.allErrors);

  return (
    <Form method="post" action={action} {...getFormProps(form)} {...loadValidation} noValidate className="grid gap-4">
      {problem ? (
        <p id="form-error" role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800">
          {problem}
        </p>
      ) : null}
      <Field label={m.forms_contact_name()} field={fields.name} autoComplete="name" required maxLength={NAME_MAX_LENGTH} />
      <Field
        label={m.forms_contact_phone()}
        field={fields.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        maxLength={PHONE_MAX_LENGTH}
      />
      <Field label={m.forms_contact_email()} field={fields.email} type="email" autoComplete="email" required maxLength={EMAIL_MAX_LENGTH} />
      {withMessage ? (
        <TextAreaField
          label={m.forms_contact_message()}
          field={fields.message}
          rows={5}
          required
          hint={m.forms_contact_message_hint({ max: groupThousands(MESSAGE_MAX_LENGTH) })}
        />
      ) : null}
      <HoneypotField />
      <div>
        <Button size="lg" pending={submitting}>
          {submitting ? m.forms_contact_sending() : (submitLabel ?? m.forms_contact_submit())}
        </Button>
      </div>
    </Form>
  );
}
