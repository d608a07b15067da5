import { NavLink, Outlet } from "react-router";
import { requireUser } from "~/.server/auth/session";
import { Logo } from "~/components/ui/logo";
import { menuFor } from "~/lib/dashboard-menu";
import type { Route } from "./+types/layout";

/** Every dashboard page needs a signed-in person; each page also checks its own roles. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { menu: menuFor(user.role), name: user.name, role: user.role };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
      <aside className="md:w-64 md:shrink-0" aria-label="Dashboard">
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <Logo />
          <p className="mt-3 text-sm text-slate-700">
            {loaderData.name} · <span className="font-semibold capitalize">{loaderData.role}</span>
          </p>
          <nav aria-label="Dashboard menu" className="mt-4">
            <ul className="grid gap-1" data-testid="dashboard-menu">
              {loaderData.menu.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={({ isActive }) =>
                      `block rounded px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-brand-50"}`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1" data-testid="dashboard-content">
        <Outlet />
      </div>
    </div>
  );
}
