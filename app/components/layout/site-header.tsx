import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { m } from "~/paraglide/messages";
import { Logo } from "../ui/logo";
import { SiteLinks } from "./site-links";

/**
 * The site navigation, rendered once for every width. It is a native <details> menu: on a
 * phone it opens and closes with mouse, touch and keyboard before any JavaScript loads; from
 * 1280 px (where its links fit on one row) it is always open and its "Menu" button is hidden (CSS where the browser can style
 * a closed <details>, and JavaScript everywhere). Once JavaScript has loaded, menus also close
 * on navigation, on Escape and on a click elsewhere.
 *
 * Inside the dashboard (`dashboard`: its frame is shown) a phone has one menu control, the
 * dashboard's, which holds these links too; so below 768 px this header is not shown there.
 */
export function SiteHeader({ showLogo, signedIn, dashboard }: { showLogo: boolean; signedIn: boolean; dashboard: boolean }) {
  const headerRef = useCloseMenusOnNavigation();
  const { pathname } = useLocation();
  return (
    <header ref={headerRef} className={cn("border-b border-slate-200 bg-white print:hidden", dashboard && "max-md:hidden")}>
      <nav aria-label={m.shell_main_navigation()} className="relative mx-auto flex max-w-7xl items-center gap-2 px-4 py-3">
        {showLogo ? <Logo className="mr-4" /> : null}
        <details className="site-menu ml-auto xl:ml-0 xl:flex-1" data-menu data-site-menu data-testid="mobile-menu">
          <summary className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 xl:hidden">
            {m.shell_menu()} <span className="sr-only">{m.shell_menu_hint()}</span>
          </summary>
          <div className="absolute inset-x-0 z-30 mt-3 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg xl:static xl:mt-0 xl:flex xl:items-center xl:border-0 xl:p-0 xl:shadow-none">
            <SiteLinks pathname={pathname} signedIn={signedIn} />
          </div>
        </details>
      </nav>
    </header>
  );
}

/** The width from which the site menu is a row of links that is always shown (Tailwind's lg). */
const WIDE = "(min-width: 80rem)";

function useCloseMenusOnNavigation() {
  const ref = useRef<HTMLElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a location change.
  useEffect(() => {
    for (const menu of ref.current?.querySelectorAll<HTMLDetailsElement>("details[data-menu]") ?? []) menu.open = isAlwaysOpen(menu);
  }, [location]);

  // On a wide screen the site menu is the navigation bar: open, whatever happened on a phone.
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const apply = () => {
      const menu = ref.current?.querySelector<HTMLDetailsElement>("details[data-site-menu]");
      if (menu) menu.open = wide.matches;
    };
    apply();
    wide.addEventListener("change", apply);
    return () => wide.removeEventListener("change", apply);
  }, []);

  useEffect(() => {
    function closeOthers(target: EventTarget | null, focusSummary: boolean) {
      for (const menu of ref.current?.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]") ?? []) {
        if (target instanceof Node && menu.contains(target) && !focusSummary) continue;
        if (isAlwaysOpen(menu)) continue;
        menu.open = false;
        if (focusSummary) menu.querySelector("summary")?.focus();
      }
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeOthers(event.target, true);
    };
    const onClick = (event: MouseEvent) => closeOthers(event.target, false);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick);
    };
  }, []);
  return ref;
}

function isAlwaysOpen(menu: HTMLDetailsElement): boolean {
  return menu.hasAttribute("data-site-menu") && window.matchMedia(WIDE).matches;
}
