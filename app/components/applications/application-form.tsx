import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { applicationDocuments, type DocumentField, type DocumentView } from "~/lib/applications";
import { countryName } from "~/lib/country-names";
import { NAME_MAX_LENGTH } from "~/lib/form-limits";
import type { ApplicationFormBrowserSchema } from "~/lib/schemas/applications";
import { APPLICATION_ADDRESS_MAX_LENGTH, APPLICATION_TEXT_MAX_LENGTH } from "~/lib/schemas/applications";
import { createUploadQueue } from "~/lib/send-document";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import { Button } from "../ui/button";
import { Field, FormMessage, SelectField } from "../ui/field";
import { DocumentInput } from "./document-input";

type Shape = z.input<typeof ApplicationFormBrowserSchema>;
type Result = Parameters<typeof useSchemaForm>[1];

export type ApplicationFormProps = {
  lastResult: Result;
  defaultValue: Partial<
    Record<"countryName" | "universityName" | "name" | "address" | "fatherName" | "motherName" | "sponsorName", string>
  >;
  countries: string[];
  universities: { name: string; country: string }[];
  documents: DocumentView[];
  draftId: string | null;
  maxBytes: number;
  submitting: boolean;
};

/**
 * The application form (/apply): one multipart post with the spec's field names, which works
 * without JavaScript (every document travels with it). With JavaScript each document uploads as
 * soon as it is chosen (DocumentInput), one at a time in the order chosen, the post then carries
 * only the text, and it is held back while an upload is still waiting or running. `draftId` tells the server which draft this form is, so the
 * same form sent twice submits once.
 */
export function ApplicationForm({
  lastResult,
  defaultValue,
  countries,
  universities,
  documents,
  draftId,
  maxBytes,
  submitting,
}: ApplicationFormProps) {
  const [form, fields, loadValidation] = useSchemaForm<Shape>("application", lastResult, { defaultValue });
  const [hydrated, setHydrated] = useState(false);
  const [country, setCountry] = useState(defaultValue.countryName ?? "");
  const [currentDraft, setCurrentDraft] = useState(draftId);
  const [waitNote, setWaitNote] = useState(false);
  const busy = useRef(new Set<DocumentField>());
  const [enqueue] = useState(createUploadQueue);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setCurrentDraft(draftId), [draftId]);

  const byField = new Map(documents.map((document) => [document.field, document]));
  const suggestions = universities.filter((university) => !country || university.country === country);
  const formProps = getFormProps(form);
  const formError = form.errors?.[0];

  return (
    <>
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        {...loadValidation}
        noValidate
        aria-busy={submitting || undefined}
        onSubmit={(event) => {
          if (submitting) return event.preventDefault();
          if (busy.current.size > 0) {
            setWaitNote(true);
            return event.preventDefault();
          }
          setWaitNote(false);
          formProps.onSubmit(event);
        }}
        className="mt-6 grid gap-8"
      >
        {/* First in the body: the server reads it before any file arrives. */}
        <input type="hidden" name="draftId" value={currentDraft ?? ""} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-xl font-semibold text-slate-900">{m.apply_form_where()}</legend>
          <SelectField
            label={m.apply_form_country()}
            field={fields.countryName}
            options={countries.map((value) => ({ value, label: countryName(value) }))}
            placeholder={m.apply_form_choose_country()}
            required
            onChange={setCountry}
          />
          <Field
            label={m.apply_form_university()}
            field={fields.universityName}
            required
            list="application-universities"
            autoComplete="off"
            maxLength={APPLICATION_TEXT_MAX_LENGTH}
            hint={m.apply_form_university_hint()}
          />
          <datalist id="application-universities">
            {suggestions.map((university) => (
              <option key={`${university.country}-${university.name}`} value={university.name} />
            ))}
          </datalist>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-xl font-semibold text-slate-900">{m.apply_form_about_you()}</legend>
          <Field label={m.apply_form_name()} field={fields.name} required autoComplete="name" maxLength={NAME_MAX_LENGTH} />
          <Field
            label={m.apply_form_address()}
            field={fields.address}
            required
            autoComplete="street-address"
            maxLength={APPLICATION_ADDRESS_MAX_LENGTH}
          />
          <Field label={m.apply_form_father_name()} field={fields.fatherName} required maxLength={NAME_MAX_LENGTH} />
          <Field label={m.apply_form_mother_name()} field={fields.motherName} required maxLength={NAME_MAX_LENGTH} />
          <Field
            label={m.apply_form_sponsor_name()}
            field={fields.sponsorName}
            required
            maxLength={NAME_MAX_LENGTH}
            hint={m.apply_form_sponsor_hint()}
          />
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-xl font-semibold text-slate-900">{m.apply_form_documents()}</legend>
          <p className="text-sm text-slate-700">
            {m.apply_form_documents_intro()}
            {hydrated ? ` ${m.apply_form_documents_upload_note()}` : null}
          </p>
          <div className="grid gap-3 lg:grid-cols-2">
            {applicationDocuments.map((document) => (
              <DocumentInput
                key={document.field}
                field={document.field}
                label={document.label}
                current={byField.get(document.field) ?? null}
                error={fields[document.field].errors?.[0]}
                hydrated={hydrated}
                maxBytes={maxBytes}
                enqueue={enqueue}
                onBusy={(field, isBusy) => {
                  if (isBusy) busy.current.add(field);
                  else busy.current.delete(field);
                  if (busy.current.size === 0) setWaitNote(false);
                }}
                onUploaded={({ draftId: id }) => setCurrentDraft(id)}
              />
            ))}
          </div>
        </fieldset>
        <div className="grid gap-3">
          {waitNote ? <FormMessage tone="info">{m.apply_form_wait_uploads()}</FormMessage> : null}
          {formError ? <FormMessage>{formError}</FormMessage> : null}
          <div>
            <Button size="lg" pending={submitting}>
              {submitting ? m.apply_form_submitting() : m.apply_form_submit()}
            </Button>
          </div>
        </div>
      </Form>
    </>
  );
}
