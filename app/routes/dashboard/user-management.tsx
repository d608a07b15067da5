import { Form, Link, useSearchParams } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { listUsers } from "~/.server/users/manage";
import { Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import { roles } from "~/lib/roles";
import type { Route } from "./+types/user-management";

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, pageRoles.userManagement);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const result = await listUsers({ search, page });
  // Managers may hand out these roles; admins any (the server checks again on change).
  const assignable = actor.role === "admin" ? roles : roles.filter((role) => role !== "manager" && role !== "admin");
  return { ...result, page, search, actorId: actor.id, actorIsAdmin: actor.role === "admin", assignable };
}

export default function UserManagementPage({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { users, total, pages, page, search, actorId, actorIsAdmin, assignable } = loaderData;
  const pageLink = (n: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(n));
    return `?${params}`;
  };
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
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Search
        </button>
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
                const locked = user.id === actorId || (!actorIsAdmin && (user.role === "manager" || user.role === "admin"));
                return (
                  <tr key={user.id} className="border-b border-slate-200">
                    <td className="py-2 pr-4">
                      <Link to={`/dashboard/edit-user-profile/${encodeURIComponent(user.email)}`} className="text-brand-700 underline">
                        {user.name}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">{user.email}</td>
                    <td className="py-2 pr-4 capitalize" data-testid="role">
                      {user.role}
                    </td>
                    <td className="py-2">
                      {locked ? (
                        <span className="text-slate-600">{user.id === actorId ? "This is you" : "Admin only"}</span>
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
                          <button
                            type="submit"
                            className="rounded-md border border-brand-700 px-3 py-1 font-semibold text-brand-800 hover:bg-brand-50"
                          >
                            Change
                          </button>
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
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-3">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="rounded-md border border-slate-400 px-3 py-1">
              Previous
            </Link>
          ) : null}
          <span className="text-sm">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className="rounded-md border border-slate-400 px-3 py-1">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "User Management — Onward" }];
