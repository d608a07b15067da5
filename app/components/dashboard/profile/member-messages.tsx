import { FormMessage } from "~/components/ui/field";
import { SwitchForm } from "./switch-form";

/** For someone listed in the networking directory: whether students may write to them (Connect), and the switch. */
export function MemberMessagesSection({ acceptsMessages, formError }: { acceptsMessages: boolean; formError?: string | undefined }) {
  return (
    <section aria-labelledby="member-messages" className="rounded-lg border border-slate-200 p-6">
      <h2 id="member-messages" className="text-xl font-semibold">
        Messages from students
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">
        {acceptsMessages
          ? "You are listed in the networking directory, and students can write to you through Onward. Their messages reach you by e-mail; your address stays hidden until you reply."
          : "You are listed in the networking directory, but students cannot write to you through Onward."}
      </p>
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <SwitchForm
        className="mt-4"
        intent="member-messages"
        name="acceptsMessages"
        on={acceptsMessages}
        turnOn="Let students write to me"
        turnOff="Turn off messages from students"
      />
    </section>
  );
}
