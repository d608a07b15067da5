import { z } from "zod";
import { m } from "~/paraglide/messages";

/** The staff inbox's "Mark as handled" button. */
export const MarkHandledSchema = z.object({
  // The answer for an id that is not a message's (the same as the domain's, m.staff_no_such_message).
  id: z.coerce
    .number({ error: () => m.staff_no_such_message() })
    .int({ error: () => m.staff_no_such_message() })
    .positive({ error: () => m.staff_no_such_message() }),
});
