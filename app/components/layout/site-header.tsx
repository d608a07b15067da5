import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Logo } from "../ui/logo";
import { destinationLinks, mainLinks } from "./navigation-links";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 ${isActive ? "text-brand-800" : "text-slate-700"}`;

/**
 * The site navigation. Menus are native <details> elements: they open and close with
 * mouse, touch and keyboard before any JavaScript loads; once it has, they also close
 * on navigation, on Escape and on a click elsewhere.
 */
export function SiteHeader({ showLogo, signedIn }: { showLogo: boolean; signedIn: boolean }) {
  const headerRef = useCloseMenusOnNavigation();
  return (
    <header ref={headerRef} className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="relative mx-auto flex max-w-7xl items-center gap-2 px-4 py-3">
        {showLogo ? <Logo className="mr-4" /> : null}

        <ul className="hidden flex-1 flex-wrap items-center gap-1 lg:flex">
          <li>
            <NavLink to="/" end className={linkClass}>
              Home
            </NavLink>
          </li>
          <li className="relative">
            <details className="group" data-menu>
              <summary className="block rounded px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800">
                Study Destination <span aria-hidden="true">▾</span>
              </summary>
              <ul className="absolute left-0 z-20 mt-1 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
                {destinationLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={linkClass}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                <li className="border-t border-slate-100">
                  <NavLink to="/countries" className={linkClass}>
                    View All Countries
                  </NavLink>
                </li>
              </ul>
            </details>
          </li>
          {mainLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto hidden items-center gap-2 lg:flex">
          <AccountLinks signedIn={signedIn} />
        </div>

        <details className="ml-auto lg:hidden" data-menu data-testid="mobile-menu">
          <summary className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800">
            Menu <span className="sr-only">(open or close navigation)</span>
          </summary>
          <div className="absolute inset-x-0 z-30 mt-3 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg">
            <ul className="grid gap-1">
              <li>
                <NavLink to="/" end className={linkClass}>
                  Home
                </NavLink>
              </li>
              <li className="px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Study Destination</li>
              {destinationLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={linkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink to="/countries" className={linkClass}>
                  View All Countries
                </NavLink>
              </li>
              {mainLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={linkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex gap-2 border-t border-slate-100 pt-3">
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
        <Link to="/dashboard/profile" className="rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          Dashboard
        </Link>
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
      <Link to="/login" className="rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
        Login
      </Link>
      <Link to="/signup" className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        Sign Up
      </Link>
    </>
  );
}

function useCloseMenusOnNavigation() {
  const ref = useRef<HTMLElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a location change.
  useEffect(() => {
    for (const menu of ref.current?.querySelectorAll<HTMLDetailsElement>("details[data-menu]") ?? []) menu.open = false;
  }, [location]);

  useEffect(() => {
    function closeOthers(target: EventTarget | null, focusSummary: boolean) {
      for (const menu of ref.current?.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]") ?? []) {
        if (target instanceof Node && menu.contains(target) && !focusSummary) continue;
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
