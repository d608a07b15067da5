import { Form } from "react-router";
import { localizedPath } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import { LinkButton } from "../ui/button";
import { LanguageSwitch } from "./language";
import { destinationLinks, mainLinks } from "./navigation-links";

const linkClass =
  "block rounded px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:text-brand-800 xl:px-2";

/**
 * A navigation link: a plain anchor (client-side navigation is delegated, ADR 012) to `to` in the
 * page's language, marked when it is the current page (`pathname` is the router's, without the language).
 */
function NavAnchor({ to, pathname, children }: { to: string; pathname: string; children: string }) {
  const current = pathname === to || (to !== "/" && pathname.startsWith(`${to}/`));
  return (
    <a href={localizedPath(to)} className={linkClass} aria-current={current ? "page" : undefined}>
      {children}
    </a>
  );
}

/**
 * The site's links and the account's (sign in, or Dashboard and log out): the site header's menu,
 * and on a phone the dashboard's one menu too (dashboard/shell.tsx), so the two never differ. The
 * `xl:` styles lay them out as the header's bar; below 1280 px they are a list.
 */
export function SiteLinks({ pathname, signedIn }: { pathname: string; signedIn: boolean }) {
  return (
    <>
      <ul className="grid gap-1 xl:flex xl:flex-1 xl:flex-wrap xl:items-center">
        <li>
          <NavAnchor to="/" pathname={pathname}>
            {m.shell_home()}
          </NavAnchor>
        </li>
        <li className="relative">
          <details className="group" data-menu>
            <summary className="block rounded px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 xl:px-2">
              {m.shell_study_destination()} <span aria-hidden="true">▾</span>
            </summary>
            <ul className="grid gap-1 pl-3 xl:absolute xl:left-0 xl:z-20 xl:mt-1 xl:w-56 xl:rounded-md xl:border xl:border-slate-200 xl:bg-white xl:p-1 xl:shadow-lg">
              {destinationLinks.map((link) => (
                <li key={link.to}>
                  <NavAnchor to={link.to} pathname={pathname}>
                    {link.label()}
                  </NavAnchor>
                </li>
              ))}
              <li className="border-t border-slate-100">
                <NavAnchor to="/countries" pathname={pathname}>
                  {m.shell_all_countries()}
                </NavAnchor>
              </li>
            </ul>
          </details>
        </li>
        {mainLinks.map((link) => (
          <li key={link.to}>
            <NavAnchor to={link.to} pathname={pathname}>
              {link.label()}
            </NavAnchor>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-center gap-2 border-t border-slate-100 pt-3 xl:mt-0 xl:ml-auto xl:border-0 xl:pt-0">
        <LanguageSwitch className="rounded-md px-3 py-2 text-sm font-semibold text-brand-800 underline-offset-2 hover:bg-brand-50 hover:underline" />
        <AccountLinks signedIn={signedIn} />
      </div>
    </>
  );
}

function AccountLinks({ signedIn }: { signedIn: boolean }) {
  if (signedIn) {
    return (
      <>
        <a href={localizedPath("/dashboard")} className="rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          {m.shell_dashboard()}
        </a>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {m.shell_log_out()}
          </button>
        </Form>
      </>
    );
  }
  return (
    <>
      <a href={localizedPath("/login")} className="rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
        {m.shell_login()}
      </a>
      <LinkButton href={localizedPath("/signup")} size="sm">
        {m.shell_sign_up()}
      </LinkButton>
    </>
  );
}
