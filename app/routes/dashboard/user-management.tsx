import { Form } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { readQuery } from "~/.server/read-query";
import { assignableRoles, listUsers, roleChangeLock } from "~/.server/users/manage";
import { profileEditRefusal } from "~/.server/users/profile";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { TableHead } from "~/components/ui/table-head";
import { TextLink } from "~/components/ui/text-link";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { roleLabel } from "~/lib/roles";
import { UserSearchSchema } from "~/lib/schemas/users";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/user-management";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, pageRoles.userManagement);
  const query = readQuery(request);
  const { q: search } = UserSearchSchema.parse({ q: query.get("q") ?? undefined });
  const list = await listUsers({ search, page: parsePage(query.get("page")) });
  return {
    ...list,
    items: list.items.map((user) => ({ ...user, lock: roleChangeLock(actor, user), editable: profileEditRefusal(actor, user) === null })),
    search,
    // What the role picker offers; the change itself is checked again on the server.
    assignable: assignableRoles(actor),
  };
}

export default function UserManagementPage({ loaderData }: Route.ComponentProps) {
  const { items: users, total, page, pageCount, search, assignable } = loaderData;
  return (
    <Page title={m.staff_user_management_title()}>
      <Form method="get" role="search" className="flex max-w-xl gap-2">
        <label htmlFor="user-search" className="sr-only">
          {m.staff_search_name_email()}
        </label>
        <input
          id="user-search"
          name="q"
          type="search"
          defaultValue={search}
          placeholder={m.staff_name_or_email()}
          className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2"
        />
        <Button className="px-3 sm:px-5">{m.staff_search()}</Button>
      </Form>
      <p className="mt-4 text-sm text-slate-700" aria-live="polite">
        {total === 0
          ? m.staff_no_users_match()
          : search
            ? m.staff_users_count_matching({ count: total, countText: groupThousands(total), search })
            : m.staff_users_count({ count: total, countText: groupThousands(total) })}
      </p>
      {users.length > 0 ? (
        // A table from 64rem (beside the menu); below that each user is a card whose values carry their column's name.
        <div className="mt-4 lg:overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm lg:min-w-[36rem]">
            <TableHead
              className="hidden lg:table-header-group"
              rowClassName="border-b border-slate-300"
              columns={[
                { label: m.staff_name(), className: "py-2 pr-4" },
                { label: m.staff_email(), className: "py-2 pr-4" },
                { label: m.staff_role(), className: "py-2 pr-4" },
                { label: m.staff_change_role(), className: "py-2" },
              ]}
            />
            <tbody className="grid gap-3 lg:table-row-group">
              {users.map((user) => {
                return (
                  <tr
                    key={user.id}
                    className="grid gap-2 rounded-lg border border-slate-200 p-3 lg:table-row lg:rounded-none lg:border-0 lg:border-b lg:p-0"
                  >
                    <td className={cell} data-label={m.staff_name()}>
                      {user.editable ? (
                        <TextLink href={localizedPath(`/dashboard/edit-user-profile/${encodeURIComponent(user.email)}`)} weight="normal">
                          {user.name}
                        </TextLink>
                      ) : (
                        user.name
                      )}
                    </td>
                    <td className={`${cell} [overflow-wrap:anywhere]`} data-label={m.staff_email()}>
                      {user.email}
                    </td>
                    <td className={`${cell} capitalize`} data-label={m.staff_role()} data-testid="role">
                      {roleLabel(user.role)}
                    </td>
                    <td className={cell} data-label={m.staff_change_role()}>
                      {user.lock ? (
                        <span className="text-slate-600">{user.lock}</span>
                      ) : (
                        <Form method="get" action={`/dashboard/user-management/${user.id}/role`} className="flex gap-2">
                          <label htmlFor={`role-${user.id}`} className="sr-only">
                            {m.staff_new_role_for({ name: user.name })}
                          </label>
                          <Select look="compact" id={`role-${user.id}`} name="role" defaultValue={user.role} className="capitalize">
                            {assignable.map((role) => (
                              <option key={role} value={role}>
                                {roleLabel(role)}
                              </option>
                            ))}
                          </Select>
                          <Button variant="secondary" size="sm">
                            {m.staff_change()}
                          </Button>
                        </Form>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={page} pageCount={pageCount} />
    </Page>
  );
}

/** A cell: on phones its column's name above the value (from data-label), in the table a plain cell. */
const cell =
  "block lg:table-cell lg:py-2 lg:pr-4 before:block before:text-xs before:font-semibold before:uppercase before:tracking-wide before:text-slate-600 before:content-[attr(data-label)] lg:before:content-none";

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_user_management_title() }) }];
