import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Logo } from "~/components/ui/logo";
import type { MenuEntry } from "~/lib/dashboard-menu";
import type { Role } from "~/lib/roles";
import { Badge } from "../ui/badge";
import { Icon } from "../ui/icons";
import { menuIcon } from "./menu-icons";

export type DashboardShellProps = { menu: MenuEntry[]; name: string; role: Role };

/** The dashboard's frame: the logo, who is signed in, and their menu (plain links, ADR 012) around the page. */
export function DashboardShell({ menu, name, role, children }: DashboardShellProps & { children: ReactNode }) {
  const pathname = useLocation().pathname.replace(/\/+$/, "") || "/";
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
      <aside className="md:w-64 md:shrink-0" aria-label="Dashboard">
        <div className="rounded-card border border-slate-200 bg-slate-50 p-4">
          <Logo />
          <p className="mt-3 text-sm text-slate-700">
            {name} · <span className="font-semibold capitalize">{role}</span>
          </p>
          <nav aria-label="Dashboard menu" className="mt-4">
            <ul className="grid gap-1" data-testid="dashboard-menu">
              {menu.map((item) => {
                const current = item.to === pathname;
                return (
                  <li key={item.to}>
                    <a
                      href={item.to}
                      aria-current={current ? "page" : undefined}
                      className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${current ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-brand-50"}`}
                    >
                      <Icon icon={menuIcon(item.to)} className="size-4" />
                      {item.label}
                      {item.soon ? (
                        <Badge className="ml-auto">
                          Soon<span className="sr-only">: not available yet</span>
                        </Badge>
                      ) : null}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1" data-testid="dashboard-content">
        {children}
      </div>
    </div>
  );
}
