// The arguments of `npm run create-user`, checked before the database and account modules load (a
// second or more of start-up), so that a mistyped command answers at once.
import { parseArgs } from "node:util";
import { z } from "zod";
import { passwordProblem } from "~/.server/auth/password-policy";
import { roles } from "~/lib/roles";
import { emailField, newPasswordField } from "~/lib/schemas/auth";
import { ConsultantStarterSchema } from "~/lib/schemas/booking";

/** The consultant profile's details create-user takes (checked by the add-consultant form's rules). */
const profileOptions = ["university", "country", "phone", "profession", "description"] as const;

const argsSchema = z.object({
  email: emailField,
  password: newPasswordField,
  name: z.string().trim().min(1, "--name is required").max(100),
  role: z.enum(roles, { message: `--role must be one of ${roles.join(", ")}` }),
});

export const usage =
  "usage: npm run create-user -- --email E --password P --name N --role manager\n" +
  "       (with --role consultant, optionally --university U --country C --phone P --profession P --description D)";

export type CreateUserArgs = { input: z.infer<typeof argsSchema>; profile: z.infer<typeof ConsultantStarterSchema> };

/** The command line's account and consultant profile, or the message that says what is wrong with it. */
export function parseCreateUserArgs(argv: string[]): ({ ok: true } & CreateUserArgs) | { ok: false; message: string } {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        role: { type: "string", default: "student" },
        ...Object.fromEntries(profileOptions.map((name) => [name, { type: "string" as const }])),
      },
      strict: true,
    }));
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n${usage}` };
  }
  const profile = Object.fromEntries(profileOptions.flatMap((name) => (values[name] === undefined ? [] : [[name, values[name]]])));
  const extra = Object.keys(profile)[0];
  if (extra && values.role !== "consultant")
    return { ok: false, message: `--${extra} describes a consultant: use it with --role consultant` };
  const details = ConsultantStarterSchema.safeParse(profile);
  if (!details.success) {
    const issue = details.error.issues[0];
    return { ok: false, message: `--${String(issue?.path[0])}: ${issue?.message}` };
  }
  const parsed = argsSchema
    .superRefine((args, context) => {
      const problem = passwordProblem({ password: args.password, email: args.email });
      if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
    })
    .safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `--${String(issue?.path[0] ?? "arguments")}: ${issue?.message}` };
  }
  return { ok: true, input: parsed.data, profile: details.data };
}
