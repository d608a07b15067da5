import { getFormProps } from "@conform-to/react";
import type { ComponentType, ReactNode, RefAttributes } from "react";
import type { FetcherFormProps } from "react-router";
import type { z } from "zod";
import { BOOKING_ADDRESS_MAX_LENGTH } from "~/lib/booking";
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/lib/form-limits";
import type { BookingFormSchema } from "~/lib/schemas/booking";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import { Button } from "../ui/button";
import { Field, FormMessage, SelectField } from "../ui/field";

type Shape = z.input<typeof BookingFormSchema>;
type Result = Parameters<typeof useSchemaForm>[1];

/** What the booking form shows: the consultant's free slots (labelled in the student's zone) and the student's details. */
export type BookingFormData = {
  consultantId: string;
  slots: { value: string; label: string }[];
  defaults: { name: string; email: string; phone: string; address: string };
  timeZone: string;
};

/**
 * The booking form, on the booking page and in the Book Appointment dialog alike: `slot` (a select
 * of slot ids: "Select a Slot", or "No Slot Available" when there is none), `name`, `email`,
 * `phone`, `address`, pre-filled from the profile. It posts to /book-appointment/{consultantId};
 * `form` is React Router's Form, or a fetcher's in the dialog. With no free slot there is no Book
 * button: "No free times yet" stands in its place.
 */
export function BookingForm({
  data,
  lastResult,
  form: FormComponent,
  pending,
  footer,
}: {
  data: BookingFormData;
  lastResult: Result;
  form: ComponentType<FetcherFormProps & RefAttributes<HTMLFormElement>>;
  pending: boolean;
  footer?: ReactNode;
}) {
  const [form, fields, loadValidation] = useSchemaForm<Shape>("booking", lastResult, {
    id: `booking-${data.consultantId}`,
    defaultValue: data.defaults,
  });
  const none = data.slots.length === 0;
  const formError = form.errors?.[0];
  return (
    <>
      {formError && formError !== fields.slot.errors?.[0] ? <FormMessage>{formError}</FormMessage> : null}
      <FormComponent
        method="post"
        action={`/book-appointment/${encodeURIComponent(data.consultantId)}`}
        {...getFormProps(form)}
        {...loadValidation}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <SelectField
          className="sm:col-span-2"
          label={m.community_slot()}
          field={fields.slot}
          options={data.slots}
          placeholder={none ? m.community_slot_none() : m.community_slot_select()}
          hint={m.community_slot_hint({ zone: data.timeZone })}
          required
        />
        <Field label={m.community_name()} field={fields.name} autoComplete="name" required maxLength={NAME_MAX_LENGTH} />
        <Field label={m.community_email()} field={fields.email} type="email" autoComplete="email" required />
        <Field
          label={m.community_phone()}
          field={fields.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          maxLength={PHONE_MAX_LENGTH}
        />
        <Field
          label={m.community_address()}
          field={fields.address}
          autoComplete="street-address"
          required
          maxLength={BOOKING_ADDRESS_MAX_LENGTH}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          {none ? <NoFreeTimes /> : <Button pending={pending}>{pending ? m.community_booking() : m.community_book_appointment()}</Button>}
          {footer}
        </div>
      </FormComponent>
    </>
  );
}

/**
 * What stands in place of a Book button while a consultant has no free future slot: muted text,
 * not a control (on the consultants' cards, in the Book Appointment dialog and on the booking page).
 */
export function NoFreeTimes() {
  return <p className="text-sm font-medium text-slate-600">{m.community_no_free_times()}</p>;
}
