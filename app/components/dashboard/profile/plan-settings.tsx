import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { confirmFirst } from "~/lib/confirm-first";
import { SwitchForm } from "./switch-form";

export const RESET_FEED_QUESTION = "Make a new calendar link? Calendars subscribed to the old one stop updating.";

/**
 * Deadline reminders (on or off) and the private calendar feed: the address to subscribe to in a
 * calendar app, and a button that replaces it (the old address then answers 404).
 */
export function PlanSettingsSection({
  remindersOn,
  feedUrl,
  formError,
}: {
  remindersOn: boolean;
  feedUrl: string;
  formError?: string | undefined;
}) {
  return (
    <section id="plan" aria-labelledby="plan-heading" className="rounded-lg border border-slate-200 p-6">
      <h2 id="plan-heading" className="text-xl font-semibold">
        Deadline reminders and calendar
      </h2>
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <h3 className="mt-4 font-semibold text-slate-900">Reminders by e-mail</h3>
      <p className="mt-1 max-w-2xl text-slate-700">
        {remindersOn
          ? "On: we e-mail you 30 days and 7 days before the application deadline of each university on your shortlist."
          : "Off: we send you no e-mails about your shortlist's deadlines."}
      </p>
      <SwitchForm
        className="mt-3"
        intent="deadline-reminders"
        name="deadlineReminders"
        on={remindersOn}
        turnOn="Turn on deadline reminders"
        turnOff="Turn off deadline reminders"
      />

      <h3 className="mt-6 font-semibold text-slate-900">Your private calendar link</h3>
      <p className="mt-1 max-w-2xl text-slate-700">
        Subscribe to this address in Google Calendar, Outlook or your phone's calendar to see your shortlist's deadlines and your accepted
        appointments there. Anyone with the link can read them: keep it to yourself.
      </p>
      <label htmlFor="calendar-feed" className="sr-only">
        Your private calendar link
      </label>
      <input
        id="calendar-feed"
        readOnly
        value={feedUrl}
        className="mt-3 block w-full max-w-2xl rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
      />
      <Form method="post" className="mt-3" onSubmit={confirmFirst(RESET_FEED_QUESTION)}>
        <input type="hidden" name="intent" value="reset-calendar" />
        <Button variant="neutral" size="md">
          Make a new calendar link
        </Button>
      </Form>
    </section>
  );
}
