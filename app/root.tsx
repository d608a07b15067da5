import { type ReactNode, useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { getSessionUser } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import { getSiteSettings } from "~/.server/settings/site-settings";
import { takeToast } from "~/.server/toast";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useClientNavigation } from "./components/layout/client-navigation";
import { ErrorPage } from "./components/layout/error-page";
import { LanguageAlternates } from "./components/layout/language";
import { PendingIndicator } from "./components/layout/pending-indicator";
import { useDatabaseUnavailable, useNonce, useRequestId } from "./components/layout/request-info";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { VerifyEmailBanner } from "./components/layout/verify-email-banner";
import { ToastMessage } from "./components/ui/toast";
import { errorCopy } from "./lib/error-copy";
import { documentLocale, getLocale, languageTag } from "./lib/locale";
import { m } from "./paraglide/messages";
import { overwriteGetLocale } from "./paraglide/runtime";

// In the browser, messages are in the language the server rendered the page in (the server's is the request's).
if (typeof document !== "undefined") overwriteGetLocale(documentLocale);

/** The Bangla faces app.css declares (self-hosted Noto Sans Bengali, subset to our pages). */
const BANGLA_FONTS = ["/fonts/noto-sans-bengali-regular.woff2", "/fonts/noto-sans-bengali-bold.woff2"];

export async function loader({ request }: Route.LoaderArgs) {
  const [settings, user, { toast, headers }] = await Promise.all([getSiteSettings(), getSessionUser(request), takeToast(request)]);
  return data(
    {
      settings,
      year: new Date().getFullYear(),
      appUrl: getConfig().appUrl,
      user: user ? { name: user.name, email: user.email, role: user.role, emailVerified: user.emailVerified } : null,
      toast,
    },
    { headers },
  );
}

/**
 * The stylesheet first in the head, ahead of the two dozen module preloads: on a slow connection the
 * browser has only six connections, and the first paint waits for the stylesheet, not for the scripts.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The dashboard layout's route id (its file, as the route table names it). */
const DASHBOARD_LAYOUT_ID = "routes/dashboard/layout";

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  useClientNavigation();
  const nonce = useNonce();
  const requestId = useRequestId();
  const { pathname } = useLocation();
  const inDashboard = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  // The dashboard's frame, with its own menu, is shown (its layout's loader answered).
  const dashboardFrame = Boolean(useRouteLoaderData(DASHBOARD_LAYOUT_ID));
  return (
    <html lang={languageTag[getLocale()]} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        {requestId ? <meta name="request-id" content={requestId} /> : null}
        <Meta />
        {getLocale() === "bn"
          ? // Both faces (body text and headings) are fetched as soon as the page is read, at low priority:
            // after the stylesheet and scripts the first paint waits for, and never in their way. The text
            // shows in the system's face until they arrive (font-display: swap). Left to be found by the
            // stylesheet, the bold face was fetched late and at the highest priority.
            BANGLA_FONTS.map((href) => (
              <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" fetchPriority="low" />
            ))
          : null}
        <LanguageAlternates appUrl={data?.appUrl ?? ""} />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col print:block print:min-h-0">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          {m.shell_skip_to_content()}
        </a>
        <PendingIndicator />
        <ToastMessage toast={data?.toast ?? null} />
        <SiteHeader showLogo={!inDashboard} signedIn={Boolean(data?.user)} dashboard={inDashboard && dashboardFrame} />
        {data?.user && !data.user.emailVerified ? <VerifyEmailBanner email={data.user.email} /> : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        {data ? <SiteFooter settings={data.settings} year={data.year} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useFocusOnTarget();
  return <Outlet />;
}

/** The element id a `#fragment` names; a malformed escape (`#%E0%A4`) is taken as written, not thrown. */
function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * After a client-side navigation to an address with a fragment (an action's redirect to the item
 * it changed, `…#booking-42`), the element it names takes the focus that the control just pressed
 * lost when it went away; a full page load does the same by itself. An element that cannot take
 * focus (a heading, a list) is made a focus target first, never a tab stop.
 */
function useFocusOnTarget() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key), not only a new hash
  useEffect(() => {
    if (!hash) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const target = document.getElementById(fragmentId(hash));
    if (!target) return;
    if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [hash, key]);
}

export const meta: Route.MetaFunction = ({ error }) => [
  // A page that failed is named by what happened ("Page not found | Onward"), not by the site.
  { title: error ? `${errorCopy(error).title} | Onward` : m.shell_site_title() },
  { name: "description", content: m.shell_site_description() },
];

export function ErrorBoundary() {
  const error = useRouteError();
  const requestId = useRequestId();
  const copy = errorCopy(error, "page", useDatabaseUnavailable());
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <ErrorPage
      status={copy.status}
      title={copy.title}
      message={copy.message}
      requestId={copy.showRequestId ? requestId : undefined}
      details={details}
    />
  );
}
