import { NavLink, Outlet } from "react-router";
import { Logo } from "~/components/ui/logo";

/** Links every signed-in person sees; role-specific links join them with the accounts issue. */
const menu = [{ to: "/dashboard/profile", label: "Profile" }];

export default function DashboardLayout() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
      <aside className="md:w-60 md:shrink-0" aria-label="Dashboard">
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <Logo />
          <nav aria-label="Dashboard menu" className="mt-4">
            <ul className="grid gap-1">
              {menu.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
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
