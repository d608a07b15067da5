import { data, Form, Link } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { AppError } from "~/.server/errors";
import { parseForm } from "~/.server/forms";
import { redirectWithToast } from "~/.server/toast";
import { changeUserRole, findUser, roleChangeRefusal } from "~/.server/users/manage";
import { changeRoleSchema } from "~/.server/users/schemas";
import { Page } from "~/components/layout/page";
import { FormMessage } from "~/components/ui/field";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/change-role";

/** The confirmation step: "Change X from A to B?" — a real page, so it works without JavaScript. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, pageRoles.userManagement);
  const form = parseForm(new URL(request.url).searchParams, changeRoleSchema);
  if (!form.ok) throw data("Choose a role", { status: 400 });
  const target = await findUser(params.id).catch((error: unknown) => {
    if (error instanceof AppError) throw data(error.message, { status: error.status });
    throw error;
  });
  return { target, role: form.data.role, refusal: roleChangeRefusal(actor, target, form.data.role) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.userManagement);
  const form = parseForm(await request.formData(), changeRoleSchema);
  if (!form.ok) throw data("Choose a role", { status: 400 });
  try {
    const user = await changeUserRole({ actor, targetId: params.id, role: form.data.role });
    return redirectWithToast("/dashboard/user-management", { type: "success", text: `${user.name} is now ${user.role}.` });
  } catch (error) {
    if (error instanceof AppError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

export default function ChangeRolePage({ loaderData, actionData }: Route.ComponentProps) {
  const { target, role, refusal } = loaderData;
  const error = actionData?.error ?? refusal;
  return (
    <Page title="Change role">
      {error ? (
        <FormMessage>{error}</FormMessage>
      ) : (
        <Form method="post" className="grid max-w-xl gap-4">
          <p className="text-lg text-slate-800">
            Change the role of <strong>{target.name}</strong> ({target.email}) from <strong className="capitalize">{target.role}</strong> to{" "}
            <strong className="capitalize">{role}</strong>?
          </p>
          <input type="hidden" name="role" value={role} />
          <div className="flex gap-3">
            <button type="submit" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              Yes, change the role
            </button>
            <Link
              to="/dashboard/user-management"
              className="rounded-md border border-slate-400 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Cancel
            </Link>
          </div>
        </Form>
      )}
      {error ? (
        <p className="mt-4">
          <Link to="/dashboard/user-management" className="font-semibold text-brand-700 underline">
            Back to User Management
          </Link>
        </p>
      ) : null}
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Change role — Onward" }];
