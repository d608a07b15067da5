import { z } from "zod";

/** The staff inbox's "Mark as handled" button. */
export const MarkHandledSchema = z.object({ id: z.coerce.number().int().positive() });
