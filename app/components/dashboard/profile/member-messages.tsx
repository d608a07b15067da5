import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";

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
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="member-messages" />
        <input type="hidden" name="acceptsMessages" value={acceptsMessages ? "off" : "on"} />
        <Button variant="outline" size="md">
          {acceptsMessages ? "Turn off messages from students" : "Let students write to me"}
        </Button>
      </Form>
    </section>
  );
}
