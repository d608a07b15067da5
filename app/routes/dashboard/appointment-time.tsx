import { getFormProps } from "@conform-to/react";
import { Form, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import type { z } from "zod";
import { addSlot } from "~/.server/bookings/add-slot";
import { deleteSlot } from "~/.server/bookings/delete-slot";
import { listConsultantSlots } from "~/.server/bookings/list-slots";
import { requireConsultant } from "~/.server/consultants/require-consultant";
import { AppError, replyWithError } from "~/.server/errors";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { listHref, readQuery } from "~/.server/read-query";
import { invalidSubmission, parseButtons, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { StatusBadge } from "~/components/booking/booking-card";
import { NoConsultantProfile } from "~/components/booking/no-consultant-profile";
import { Page } from "~/components/layout/page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormMessage } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { TimeZoneField } from "~/components/ui/time-zone-field";
import { SLOT_DEFAULT_MINUTES, SLOT_MAX_MINUTES, SLOT_MIN_MINUTES } from "~/lib/booking";
import { useConfirmedSubmit } from "~/lib/confirm-first";
import { localizedPath } from "~/lib/locale";
import { formatDigits, groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { DeleteSlotSchema, SlotFormSchema } from "~/lib/schemas/booking";
import { formatSlot } from "~/lib/time-zones";
import { useSchemaForm } from "~/lib/use-schema-form";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/appointment-time";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

type View = "upcoming" | "past";

const isoDayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in `timeZone`, as the date field's minimum (YYYY-MM-DD: the Canadian English format). Formats are made once per zone. */
function todayIn(timeZone: string): string {
  let format = isoDayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    isoDayFormats.set(timeZone, format);
  }
  return format.format(new Date());
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, consultantId } = await requireConsultant(request);
  const query = readQuery(request);
  const view: View = query.get("view") === "past" ? "past" : "upcoming";
  if (!consultantId) return { consultant: null, view, slots: null, defaults: null };
  const slots = await listConsultantSlots({ consultantId, view, page: parsePage(query.get("page")) });
  return {
    consultant: { active: user.consultantActive !== false },
    view,
    slots: {
      ...slots,
      // Each start as the consultant entered it: in its own zone, 24-hour.
      items: slots.items.map(({ startsAt, endsAt, timeZone, ...slot }) => ({ ...slot, when: formatSlot(startsAt, endsAt, timeZone) })),
    },
    defaults: { timeZone: user.timeZone, today: todayIn(user.timeZone) },
  };
}

/**
 * Two forms post here. The slot form (`date`, `time`, `duration`, `timeZone`; no intent needed)
 * adds a slot and comes back with the toast; a refusal shows the form again with the reason
 * beside its field. A slot's Delete button posts `intent=delete` and `slot`; a refusal (a live
 * booking holds it) answers 409 with the message on the page.
 */
export async function action({ request }: Route.ActionArgs) {
  const { user, consultantId } = await requireConsultant(request);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  if (formData.has("intent")) {
    let slotId = "";
    try {
      slotId = parseButtons(formData, DeleteSlotSchema).slot;
      if (!consultantId) throw new AppError("FORBIDDEN", m.staff_no_consultant_profile());
      await deleteSlot({ actor: user, consultantId, slotId });
    } catch (error) {
      return replyWithError(error, (refusal) => ({ refusal: { slot: slotId, message: refusal.message } }));
    }
    return redirectWithToast(listHref(request), { type: "success", text: m.server_slot_deleted_toast() }, { status: 303 });
  }
  const submission = parseSubmission(formData, SlotFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, SlotFormSchema);
  try {
    if (!consultantId) throw new AppError("FORBIDDEN", m.staff_no_consultant_profile());
    // The domain checks the form again, as typed (the schema's output is not its input).
    const typed = (name: string) => {
      const value = formData.get(name);
      return typeof value === "string" && value.trim() !== "" ? value : undefined;
    };
    await addSlot({
      actor: user,
      consultantId,
      fields: { date: typed("date"), time: typed("time"), duration: typed("duration"), timeZone: typed("timeZone") },
    });
  } catch (error) {
    return refusedSubmission(submission, SlotFormSchema, error);
  }
  return redirectWithToast("/dashboard/appointment-time", { type: "success", text: m.server_slot_added_toast() }, { status: 303 });
}

/** A refused delete (409) means the list changed under the page: read it again. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 || defaultShouldRevalidate;
}

type Shape = z.input<typeof SlotFormSchema>;

export default function AppointmentTimePage({ loaderData, actionData }: Route.ComponentProps) {
  const { consultant, slots, view, defaults } = loaderData;
  const confirmed = useConfirmedSubmit();
  if (!consultant || !slots || !defaults) {
    return (
      <Page title={m.staff_appointment_time_title()}>
        <NoConsultantProfile />
      </Page>
    );
  }
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : undefined;
  return (
    <Page title={m.staff_appointment_time_title()} intro={m.staff_appointment_time_intro()}>
      {consultant.active ? null : <FormMessage tone="info">{m.staff_profile_inactive()}</FormMessage>}
      <SlotForm lastResult={result} defaults={defaults} />
      <section aria-labelledby="slots-heading" className="mt-10">
        <h2 id="slots-heading" className="text-xl font-semibold text-slate-900">
          {view === "upcoming" ? m.staff_upcoming_slots() : m.staff_past_slots()}
        </h2>
        <nav aria-label={m.staff_slots_nav()} className="mt-3 flex gap-2">
          <ViewLink view="upcoming" current={view} label={m.staff_upcoming()} />
          <ViewLink view="past" current={view} label={m.staff_history()} />
        </nav>
        {refusal ? (
          <div className="mt-4">
            <FormMessage>{refusal.message}</FormMessage>
          </div>
        ) : null}
        <p className="mt-4 text-sm text-slate-700" aria-live="polite">
          {slots.total === 0
            ? view === "upcoming"
              ? m.staff_no_upcoming_slots()
              : m.staff_no_past_slots()
            : (view === "upcoming" ? m.staff_upcoming_slots_count : m.staff_past_slots_count)({
                count: slots.total,
                countText: groupThousands(slots.total),
              })}
        </p>
        {slots.items.length > 0 ? (
          <ul className="mt-4 grid gap-3" aria-label={view === "upcoming" ? m.staff_upcoming_slots() : m.staff_past_slots()}>
            {slots.items.map((slot) => (
              <li key={slot.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-slot={slot.id}>
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{slot.when}</p>
                    <p className="mt-1 text-sm text-slate-700">
                      {slot.bookingStatus ? (
                        <>
                          <StatusBadge status={slot.bookingStatus} /> <span className="[overflow-wrap:anywhere]">{slot.bookedBy}</span>
                        </>
                      ) : (
                        <Badge tone="brand">{view === "upcoming" ? m.staff_slot_free() : m.staff_slot_not_booked()}</Badge>
                      )}
                    </p>
                  </div>
                  {view === "upcoming" && slot.bookingStatus ? (
                    <p className="max-w-60 text-sm text-slate-700">{m.staff_slot_booked_note()}</p>
                  ) : view === "upcoming" ? (
                    <form method="post" onSubmit={confirmed(m.server_delete_slot_question())}>
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="slot" value={slot.id} />
                      <Button size="sm" variant="neutral">
                        {m.staff_delete()}
                        <span className="sr-only"> {m.staff_delete_slot_sr({ when: slot.when })}</span>
                      </Button>
                    </form>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        ) : null}
        <Pager page={slots.page} pageCount={slots.pageCount} />
      </section>
    </Page>
  );
}

function ViewLink({ view, current, label }: { view: View; current: View; label: string }) {
  const active = view === current;
  return (
    <a
      href={localizedPath(view === "upcoming" ? "/dashboard/appointment-time" : "/dashboard/appointment-time?view=past")}
      aria-current={active ? "page" : undefined}
      className={`rounded-md px-3 py-2 text-sm font-semibold ${active ? "bg-brand-700 text-white" : "border border-slate-300 text-brand-800 hover:bg-brand-50"}`}
    >
      {label}
    </a>
  );
}

function SlotForm({
  lastResult,
  defaults,
}: {
  lastResult: Parameters<typeof useSchemaForm>[1];
  defaults: { timeZone: string; today: string };
}) {
  const navigation = useNavigation();
  const [form, fields, loadValidation] = useSchemaForm<Shape>("slot", lastResult, {
    defaultValue: { duration: String(SLOT_DEFAULT_MINUTES), timeZone: defaults.timeZone },
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  return (
    <section aria-labelledby="add-slot" className="rounded-card border border-slate-200 p-4 sm:p-6">
      <h2 id="add-slot" className="text-xl font-semibold text-slate-900">
        {m.staff_add_a_slot()}
      </h2>
      {form.errors?.[0] ? (
        <div className="mt-3">
          <FormMessage>{form.errors[0]}</FormMessage>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} noValidate className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={m.staff_date()} field={fields.date} type="date" required min={defaults.today} />
        {/* The browser's own time control, shown 12- or 24-hour as the device is set: the hint names no format. It always sends HH:MM. */}
        <Field label={m.staff_start_time()} field={fields.time} type="time" required step={60} hint={m.staff_start_time_hint()} />
        <Field
          label={m.staff_length_minutes()}
          field={fields.duration}
          type="number"
          inputMode="numeric"
          min={SLOT_MIN_MINUTES}
          max={SLOT_MAX_MINUTES}
          step={5}
          required
          hint={m.staff_length_hint({ min: formatDigits(SLOT_MIN_MINUTES), max: formatDigits(SLOT_MAX_MINUTES) })}
        />
        <TimeZoneField field={fields.timeZone} hint={m.staff_slot_zone_hint()} />
        <div className="sm:col-span-2 lg:col-span-4">
          <Button pending={saving}>{saving ? m.staff_adding() : m.staff_add_slot()}</Button>
        </div>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_appointment_time_title() }) }];
