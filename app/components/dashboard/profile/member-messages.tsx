import { FormMessage } from "~/components/ui/field";
import { m } from "~/paraglide/messages";
import { SwitchForm } from "./switch-form";

/** For someone listed in the networking directory: whether students may write to them (Connect), and the switch. */
export function MemberMessagesSection({ acceptsMessages, formError }: { acceptsMessages: boolean; formError?: string | undefined }) {
  return (
    <section aria-labelledby="member-messages" className="rounded-lg border border-slate-200 p-6">
      <h2 id="member-messages" className="text-xl font-semibold">
        {m.dashboard_member_title()}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">{acceptsMessages ? m.dashboard_member_on() : m.dashboard_member_off()}</p>
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <SwitchForm
        className="mt-4"
        intent="member-messages"
        name="acceptsMessages"
        on={acceptsMessages}
        turnOn={m.dashboard_member_turn_on()}
        turnOff={m.dashboard_member_turn_off()}
      />
    </section>
  );
}
