import { ChevronDown } from "lucide";
import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { SiteLinks } from "~/components/layout/site-links";
import { Logo } from "~/components/ui/logo";
import { type MenuEntry, roleLabel } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { formatDigits } from "~/lib/numbers";
import type { Role } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import { Icon } from "../ui/icons";
import { menuIcon } from "./menu-icons";

export type DashboardShellProps = { menu: MenuEntry[]; name: string; role: Role };

/** From this width (Tailwind's md) the menu is a column beside the page, always shown. */
const WIDE = "(min-width: 48rem)";

/**
 * The dashboard's frame: the logo, who is signed in, and their menu (plain links, ADR 012) around
 * the page. On a phone the menu is a native <details>, closed, so the page starts with its own
 * content (it opens with touch and keyboard before any JavaScript loads, and closes again after a
 * navigation); from 768 px it is always shown (CSS where the browser can style a closed <details>,
 * and JavaScript everywhere), as the site menu is (site-header.tsx).
 *
 * On a phone it is the page's only menu control: below 768 px the site header is not shown on
 * dashboard pages, and this menu holds the site's links and Log out after the dashboard's own.
 */
export function DashboardShell({ menu, name, role, children }: DashboardShellProps & { children: ReactNode }) {
  const location = useLocation();
  const pathname = location.pathname.replace(/\/+$/, "") || "/";
  const current = menu.find((item) => item.to === pathname);
  const menuRef = useRef<HTMLDetailsElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation is when a phone's menu closes.
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const apply = () => {
      if (menuRef.current) menuRef.current.open = wide.matches;
    };
    apply();
    wide.addEventListener("change", apply);
    return () => wide.removeEventListener("change", apply);
  }, [location]);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
      <aside className="md:w-64 md:shrink-0" aria-label={m.dashboard_shell_label()}>
        <div className="rounded-card border border-slate-200 bg-slate-50 p-4">
          <Logo />
          <p className="mt-3 text-sm text-slate-700">
            {name} · <span className="font-semibold capitalize">{roleLabel(role)}</span>
          </p>
          <nav aria-label={m.dashboard_shell_menu_label()} className="mt-4">
            <details ref={menuRef} className="dashboard-menu group">
              <summary className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 md:hidden">
                {m.dashboard_shell_menu()}
                {current ? <span className="min-w-0 truncate font-normal text-slate-600">· {current.label}</span> : null}
                <span className="sr-only">{m.dashboard_shell_menu_hint()}</span>
                <Icon icon={ChevronDown} className="ml-auto size-4 shrink-0 group-open:rotate-180 motion-safe:transition-transform" />
              </summary>
              <ul className="mt-2 grid gap-1 md:mt-0" data-testid="dashboard-menu">
                {menu.map((item) => {
                  const current = item.to === pathname;
                  return (
                    <li key={item.to}>
                      <a
                        href={localizedPath(item.to)}
                        aria-current={current ? "page" : undefined}
                        className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${current ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-brand-50"}`}
                      >
                        <Icon icon={menuIcon(item.to)} className="size-4" />
                        {item.label}
                        {item.unread ? (
                          <span className="ml-auto rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                            {formatDigits(item.unread)}
                            <span className="sr-only">
                              {" "}
                              {m.dashboard_shell_unread({ count: item.unread, countText: formatDigits(item.unread) })}
                            </span>
                          </span>
                        ) : null}
                      </a>
                    </li>
                  );
                })}
              </ul>
              <div className="mt-4 border-t border-slate-200 pt-3 md:hidden" data-testid="dashboard-site-links">
                <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Onward</p>
                <SiteLinks pathname={pathname} signedIn />
              </div>
            </details>
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1" data-testid="dashboard-content">
        {children}
      </div>
    </div>
  );
}
