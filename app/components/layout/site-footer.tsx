import type { ReactNode } from "react";
import { formatYear, localizedPath } from "~/lib/locale";
import { type SiteSettings, telHref } from "~/lib/site-settings";
import { m } from "~/paraglide/messages";
import { Logo } from "../ui/logo";

const quickLinks = [
  { to: "/", label: m.shell_home },
  { to: "/#services", label: m.shell_footer_services },
  { to: "/about", label: m.shell_footer_about_us },
  { to: "/contact", label: m.shell_footer_contact_us },
  { to: "/privacy", label: m.shell_footer_privacy },
  { to: "/terms", label: m.shell_footer_terms },
];

const socialNames = { facebook: "Facebook", instagram: "Instagram", linkedin: "LinkedIn", youtube: "YouTube" } as const;

export function SiteFooter({ settings, year }: { settings: SiteSettings; year: number }) {
  const social = (Object.keys(socialNames) as (keyof typeof socialNames)[]).flatMap((key) => {
    const href = settings.social[key];
    return href ? [{ key, href, name: socialNames[key] }] : [];
  });
  return (
    <footer className="mt-16 bg-brand-900 text-slate-100 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="inline-block rounded-md bg-white px-2 py-1">
            <Logo />
          </div>
          <p className="mt-4 text-sm leading-6 text-slate-200">{m.shell_footer_about()}</p>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">{m.shell_footer_contact()}</h2>
          <ul className="mt-4 space-y-2 text-sm text-slate-200">
            <li>
              <a className="underline-offset-2 hover:underline" href={`mailto:${settings.contactEmail}`}>
                {settings.contactEmail}
              </a>
            </li>
            {settings.contactPhone ? (
              <li>
                <a className="underline-offset-2 hover:underline" href={telHref(settings.contactPhone)}>
                  {settings.contactPhone}
                </a>
              </li>
            ) : null}
            <li>
              {settings.city}, {settings.country}
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">{m.shell_footer_quick_links()}</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <a className="text-slate-200 underline-offset-2 hover:text-white hover:underline" href={localizedPath(link.to)}>
                  {link.label()}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold text-white">{m.shell_footer_follow()}</h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            {social.map((link) => (
              <li key={link.key}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="inline-flex h-10 items-center rounded-full bg-white/10 px-4 text-sm hover:bg-white/20"
                >
                  {link.name}
                  <span className="sr-only"> {m.shell_new_tab()}</span>
                </a>
              </li>
            ))}
            <li>
              <RoundIconLink href={`mailto:${settings.contactEmail}`} label={m.shell_email_to({ address: settings.contactEmail })}>
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <path d="m3 7 9 6 9-6" />
              </RoundIconLink>
            </li>
            {settings.contactPhone ? (
              <li>
                <RoundIconLink href={telHref(settings.contactPhone)} label={m.shell_call({ number: settings.contactPhone })}>
                  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
                </RoundIconLink>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-sm text-slate-300">{m.shell_rights({ year: formatYear(year) })}</p>
    </footer>
  );
}

/** A round link holding a small line drawing (`children`, on a 24-unit grid), named for screen readers by `label`. */
function RoundIconLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <a href={href} className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20">
      <span className="sr-only">{label}</span>
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        {children}
      </svg>
    </a>
  );
}
