import { SetupSchema } from "~/lib/schemas/setup";
import { withPasswordPolicy } from "../auth/schemas";

/** The set-up form as the server judges it: the shared schema plus sign-up's password policy (server-only list). */
export const setupSchema = withPasswordPolicy(SetupSchema, "password");
