import { getFormProps } from "@conform-to/react";
import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";
import { signUp } from "~/.server/auth/accounts";
import { safeRedirect, signUpSchema as serverSignUpSchema } from "~/.server/auth/schemas";
import { getSessionUser } from "~/.server/auth/session";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { AuthCard } from "~/components/layout/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { NEW_PASSWORD_HINT, PasswordField } from "~/components/ui/password-field";
import { TextLink } from "~/components/ui/text-link";
import type { ServerRouteHandle } from "~/lib/route-handle";
import type { signUpSchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { Route } from "./+types/signup";

export { headers } from "~/lib/headers";

/** A body over the size limit is refused by the server and still counts as a submission. */
export const handle: ServerRouteHandle = { refusedBodyLimit: "signUpPerIp" };

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const submission = parseSubmission(formData, serverSignUpSchema);
  if (submission.status !== "success") return invalidSubmission(submission, serverSignUpSchema);
  try {
    // A new address and a taken one get the same answer (ADR 013): nobody is signed in yet.
    await signUp({
      ...submission.value,
      redirectTo: safeRedirect(formData.get("redirectTo")),
      ip: context.clientIp,
      headers: request.headers,
    });
  } catch (error) {
    return refusedSubmission(submission, serverSignUpSchema, error);
  }
  return redirect("/signup/check-email", 303);
}

export default function SignupPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const [form, fields, loadValidation] = useSchemaForm<z.input<typeof signUpSchema>>("signUp", actionData?.result);
  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have an account?{" "}
          <TextLink href={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"}>Log in</TextLink>
        </>
      }
    >
      {form.errors?.[0] ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" {...getFormProps(form)} {...loadValidation} className="grid gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Name" field={fields.name} autoComplete="name" required maxLength={100} />
        <Field label="Email" field={fields.email} type="email" autoComplete="email" required />
        <PasswordField label="Password" field={fields.password} purpose="new" hint={NEW_PASSWORD_HINT} />
        <Field label="Confirm password" field={fields.confirmPassword} type="password" autoComplete="new-password" required />
        <Button pending={navigation.state === "submitting"}>{navigation.state === "submitting" ? "Creating account…" : "Sign Up"}</Button>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Sign up — Onward" },
  { name: "description", content: "Create your Onward account to apply, book a consultant and meet students abroad." },
];
