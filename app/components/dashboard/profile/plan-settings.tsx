import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { confirmFirst } from "~/lib/confirm-first";
import { m } from "~/paraglide/messages";
import { SwitchForm } from "./switch-form";

/** The question before a new calendar link replaces the old one (asked in the page's language). */
export const resetFeedQuestion = () => m.dashboard_plan_reset_question();

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
        {m.dashboard_plan_title()}
      </h2>
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <h3 className="mt-4 font-semibold text-slate-900">{m.dashboard_plan_reminders()}</h3>
      <p className="mt-1 max-w-2xl text-slate-700">{remindersOn ? m.dashboard_plan_reminders_on() : m.dashboard_plan_reminders_off()}</p>
      <SwitchForm
        className="mt-3"
        intent="deadline-reminders"
        name="deadlineReminders"
        on={remindersOn}
        turnOn={m.dashboard_plan_turn_on()}
        turnOff={m.dashboard_plan_turn_off()}
      />

      <h3 className="mt-6 font-semibold text-slate-900">{m.dashboard_plan_feed_title()}</h3>
      <p className="mt-1 max-w-2xl text-slate-700">{m.dashboard_plan_feed_text()}</p>
      <label htmlFor="calendar-feed" className="sr-only">
        {m.dashboard_plan_feed_title()}
      </label>
      <input
        id="calendar-feed"
        readOnly
        value={feedUrl}
        className="mt-3 block w-full max-w-2xl rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
      />
      <Form method="post" className="mt-3" onSubmit={confirmFirst(resetFeedQuestion())}>
        <input type="hidden" name="intent" value="reset-calendar" />
        <Button variant="neutral" size="md">
          {m.dashboard_plan_reset()}
        </Button>
      </Form>
    </section>
  );
}
