import { Form } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { assignableRoles, listUsers, roleChangeLock } from "~/.server/users/manage";
import { profileEditRefusal } from "~/.server/users/profile";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { pageRoles } from "~/lib/dashboard-menu";
import { parsePage } from "~/lib/pagination";
import { UserSearchSchema } from "~/lib/schemas/users";
import type { Route } from "./+types/user-management";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, pageRoles.userManagement);
  const url = new URL(request.url);
  const { q: search } = UserSearchSchema.parse({ q: url.searchParams.get("q") ?? undefined });
  const list = await listUsers({ search, page: parsePage(url.searchParams.get("page")) });
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
    <Page title="User Management">
      <Form method="get" role="search" className="flex max-w-xl gap-2">
        <label htmlFor="user-search" className="sr-only">
          Search by name or e-mail
        </label>
        <input
          id="user-search"
          name="q"
          type="search"
          defaultValue={search}
          placeholder="Search by name or e-mail"
          className="flex-1 rounded-md border border-slate-400 px-3 py-2"
        />
        <Button>Search</Button>
      </Form>
      <p className="mt-4 text-sm text-slate-700" aria-live="polite">
        {total === 0 ? "No users match." : `${total} user${total === 1 ? "" : "s"}${search ? ` matching “${search}”` : ""}.`}
      </p>
      {users.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4">
                  Email
                </th>
                <th scope="col" className="py-2 pr-4">
                  Role
                </th>
                <th scope="col" className="py-2">
                  Change role
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => {
                return (
                  <tr key={user.id} className="border-b border-slate-200">
                    <td className="py-2 pr-4">
                      {user.editable ? (
                        <a href={`/dashboard/edit-user-profile/${encodeURIComponent(user.email)}`} className="text-brand-700 underline">
                          {user.name}
                        </a>
                      ) : (
                        user.name
                      )}
                    </td>
                    <td className="py-2 pr-4">{user.email}</td>
                    <td className="py-2 pr-4 capitalize" data-testid="role">
                      {user.role}
                    </td>
                    <td className="py-2">
                      {user.lock ? (
                        <span className="text-slate-600">{user.lock}</span>
                      ) : (
                        <Form method="get" action={`/dashboard/user-management/${user.id}/role`} className="flex gap-2">
                          <label htmlFor={`role-${user.id}`} className="sr-only">
                            New role for {user.name}
                          </label>
                          <select
                            id={`role-${user.id}`}
                            name="role"
                            defaultValue={user.role}
                            className="rounded-md border border-slate-400 px-2 py-1 capitalize"
                          >
                            {assignable.map((role) => (
                              <option key={role} value={role}>
                                {role}
                              </option>
                            ))}
                          </select>
                          <Button variant="secondary" size="sm">
                            Change
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

export const meta: Route.MetaFunction = () => [{ title: "User Management — Onward" }];
