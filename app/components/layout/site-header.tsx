import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { LinkButton } from "../ui/button";
import { Logo } from "../ui/logo";
import { destinationLinks, mainLinks } from "./navigation-links";

const linkClass =
  "block rounded px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:text-brand-800 xl:px-2";

/** A navigation link: a plain anchor (client-side navigation is delegated, ADR 012), marked when it is the current page. */
function NavAnchor({ to, pathname, children }: { to: string; pathname: string; children: string }) {
  const current = pathname === to || (to !== "/" && pathname.startsWith(`${to}/`));
  return (
    <a href={to} className={linkClass} aria-current={current ? "page" : undefined}>
      {children}
    </a>
  );
}

/**
 * The site navigation, rendered once for every width. It is a native <details> menu: on a
 * phone it opens and closes with mouse, touch and keyboard before any JavaScript loads; from
 * 1280 px (where its links fit on one row) it is always open and its "Menu" button is hidden (CSS where the browser can style
 * a closed <details>, and JavaScript everywhere). Once JavaScript has loaded, menus also close
 * on navigation, on Escape and on a click elsewhere.
 */
export function SiteHeader({ showLogo, signedIn }: { showLogo: boolean; signedIn: boolean }) {
  const headerRef = useCloseMenusOnNavigation();
  const { pathname } = useLocation();
  return (
    <header ref={headerRef} className="border-b border-slate-200 bg-white print:hidden">
      <nav aria-label="Main" className="relative mx-auto flex max-w-7xl items-center gap-2 px-4 py-3">
        {showLogo ? <Logo className="mr-4" /> : null}
        <details className="site-menu ml-auto xl:ml-0 xl:flex-1" data-menu data-site-menu data-testid="mobile-menu">
          <summary className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 xl:hidden">
            Menu <span className="sr-only">(open or close navigation)</span>
          </summary>
          <div className="absolute inset-x-0 z-30 mt-3 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg xl:static xl:mt-0 xl:flex xl:items-center xl:border-0 xl:p-0 xl:shadow-none">
            <ul className="grid gap-1 xl:flex xl:flex-1 xl:flex-wrap xl:items-center">
              <li>
                <NavAnchor to="/" pathname={pathname}>
                  Home
                </NavAnchor>
              </li>
              <li className="relative">
                <details className="group" data-menu>
                  <summary className="block rounded px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 xl:px-2">
                    Study Destination <span aria-hidden="true">▾</span>
                  </summary>
                  <ul className="grid gap-1 pl-3 xl:absolute xl:left-0 xl:z-20 xl:mt-1 xl:w-56 xl:rounded-md xl:border xl:border-slate-200 xl:bg-white xl:p-1 xl:shadow-lg">
                    {destinationLinks.map((link) => (
                      <li key={link.to}>
                        <NavAnchor to={link.to} pathname={pathname}>
                          {link.label}
                        </NavAnchor>
                      </li>
                    ))}
                    <li className="border-t border-slate-100">
                      <NavAnchor to="/countries" pathname={pathname}>
                        View All Countries
                      </NavAnchor>
                    </li>
                  </ul>
                </details>
              </li>
              {mainLinks.map((link) => (
                <li key={link.to}>
                  <NavAnchor to={link.to} pathname={pathname}>
                    {link.label}
                  </NavAnchor>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex items-center gap-2 border-t border-slate-100 pt-3 xl:mt-0 xl:ml-auto xl:border-0 xl:pt-0">
              <AccountLinks signedIn={signedIn} />
            </div>
          </div>
        </details>
      </nav>
    </header>
  );
}

function AccountLinks({ signedIn }: { signedIn: boolean }) {
  if (signedIn) {
    return (
      <>
        <a href="/dashboard" className="rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          Dashboard
        </a>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            LOG OUT
          </button>
        </Form>
      </>
    );
  }
  return (
    <>
      <a href="/login" className="rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
        Login
      </a>
      <LinkButton href="/signup" size="sm">
        Sign Up
      </LinkButton>
    </>
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
