import { Form } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { readForm } from "~/.server/read-form";
import { readQuery } from "~/.server/read-query";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { changeUserRole, findUser, roleChangeRefusal } from "~/.server/users/manage";
import { Page } from "~/components/layout/page";
import { Button, LinkButton } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { withElements } from "~/components/ui/rich-message";
import { TextLink } from "~/components/ui/text-link";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { roleLabel } from "~/lib/roles";
import { ChangeRoleSchema } from "~/lib/schemas/users";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/change-role";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The confirmation step: "Change X from A to B?" — a real page, so it works without JavaScript. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, pageRoles.userManagement);
  try {
    const { role } = parseButtons(readQuery(request), ChangeRoleSchema);
    const target = await findUser(params.id);
    return { target, role, refusal: roleChangeRefusal(actor, target, role) };
  } catch (error) {
    throw replyWithError(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.userManagement);
  try {
    const { role } = parseButtons(await readForm(request), ChangeRoleSchema);
    const user = await changeUserRole({ actor, targetId: params.id, role });
    return redirectWithToast("/dashboard/user-management", {
      type: "success",
      text: (user.role === "admin" ? m.staff_role_now_an : m.staff_role_now_a)({ name: user.name, role: roleLabel(user.role) }),
    });
  } catch (error) {
    return replyWithError(error, (refusal) => ({ error: refusal.message }));
  }
}

export default function ChangeRolePage({ loaderData, actionData }: Route.ComponentProps) {
  const { target, role, refusal } = loaderData;
  const error = actionData?.error ?? refusal;
  return (
    <Page title={m.staff_change_role()}>
      {error ? (
        <FormMessage>{error}</FormMessage>
      ) : (
        <Form method="post" className="grid max-w-xl gap-4">
          <p className="text-lg text-slate-800">
            {withElements(m.staff_change_role_question, {
              name: <strong>{target.name}</strong>,
              email: target.email,
              from: <strong className="capitalize">{roleLabel(target.role)}</strong>,
              to: <strong className="capitalize">{roleLabel(role)}</strong>,
            })}
          </p>
          <input type="hidden" name="role" value={role} />
          <div className="flex gap-3">
            <Button>{m.staff_yes_change_role()}</Button>
            <LinkButton href={localizedPath("/dashboard/user-management")} variant="outline" size="md">
              {m.staff_cancel()}
            </LinkButton>
          </div>
        </Form>
      )}
      {error ? (
        <p className="mt-4">
          <TextLink href={localizedPath("/dashboard/user-management")}>{m.staff_back_to_user_management()}</TextLink>
        </p>
      ) : null}
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_change_role() }) }];
