import { z } from "zod";

/** The answer for an id that is not a message's (the domain's MESSAGE_NOT_FOUND). */
const NO_SUCH_MESSAGE = "That message does not exist.";

/** The staff inbox's "Mark as handled" button. */
export const MarkHandledSchema = z.object({
  id: z.coerce.number({ error: NO_SUCH_MESSAGE }).int(NO_SUCH_MESSAGE).positive(NO_SUCH_MESSAGE),
});
