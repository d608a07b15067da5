import type { ApplicationCard } from "~/lib/applications";
import { countryName } from "~/lib/country-names";
import { getLocale, intlLocale, type Locale, localizedPath, unlocalizedPath } from "~/lib/locale";
import type { Serialized } from "~/lib/serialized";
import { m } from "~/paraglide/messages";
import { Card } from "../ui/card";
import { StatusBadge } from "./status-badge";

const dates: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(intlLocale.en, { dateStyle: "medium", timeZone: "Asia/Dhaka" }),
  bn: new Intl.DateTimeFormat(intlLocale.bn, { dateStyle: "medium", timeZone: "Asia/Dhaka" }),
};

/**
 * Applications as cards: status, (for staff) who applied and their e-mail, country, university,
 * date, and the link to it (`href` a site address, with or without the page's language prefix).
 */
export function ApplicationCards({
  items,
  showApplicant = false,
}: {
  items: (Serialized<ApplicationCard> & { href: string })[];
  showApplicant?: boolean;
}) {
  if (items.length === 0) return null;
  const date = dates[getLocale()];
  return (
    <ul className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label={m.apply_cards_label()}>
      {items.map((item) => (
        <li key={item.id}>
          <Card className="flex h-full flex-col gap-2 p-4">
            <div className="flex items-start justify-between gap-3">
              <h2 className="min-w-0 font-semibold break-words text-slate-900">
                {item.universityName || m.apply_cards_no_university()}
                <span className="block text-sm font-normal text-slate-700">
                  {item.countryName ? countryName(item.countryName) : m.apply_cards_no_country()}
                </span>
              </h2>
              <StatusBadge status={item.status} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {showApplicant ? (
                <>
                  <dt className="font-semibold text-slate-700">{m.apply_cards_applied_by()}</dt>
                  <dd className="min-w-0 break-words text-slate-900">{item.name}</dd>
                  <dt className="font-semibold text-slate-700">{m.apply_cards_email()}</dt>
                  <dd className="min-w-0 break-all text-slate-900">{item.email}</dd>
                </>
              ) : null}
              <dt className="font-semibold text-slate-700">{m.apply_cards_applied_on()}</dt>
              <dd className="text-slate-900">
                {item.submittedAt ? date.format(new Date(item.submittedAt)) : m.apply_cards_not_submitted()}
              </dd>
            </dl>
            <a href={localizedPath(unlocalizedPath(item.href))} className="mt-auto self-start font-semibold text-brand-800 underline">
              {item.status === "draft" ? m.apply_cards_continue() : m.apply_cards_view()}
              <span className="sr-only">
                {" "}
                {item.universityName ? m.apply_cards_to_university({ university: item.universityName }) : ""}
              </span>
            </a>
          </Card>
        </li>
      ))}
    </ul>
  );
}
