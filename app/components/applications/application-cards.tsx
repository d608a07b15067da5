import type { ApplicationCard } from "~/lib/applications";
import type { Serialized } from "~/lib/serialized";
import { Card } from "../ui/card";
import { StatusBadge } from "./status-badge";

const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Asia/Dhaka" });

/** Applications as cards: status, (for staff) who applied and their e-mail, country, university, date, and the link to it. */
export function ApplicationCards({
  items,
  showApplicant = false,
}: {
  items: (Serialized<ApplicationCard> & { href: string })[];
  showApplicant?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Applications">
      {items.map((item) => (
        <li key={item.id}>
          <Card className="flex h-full flex-col gap-2 p-4">
            <div className="flex items-start justify-between gap-3">
              <h2 className="min-w-0 font-semibold break-words text-slate-900">
                {item.universityName || "University not chosen yet"}
                <span className="block text-sm font-normal text-slate-700">{item.countryName || "Country not chosen yet"}</span>
              </h2>
              <StatusBadge status={item.status} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {showApplicant ? (
                <>
                  <dt className="font-semibold text-slate-700">Applied by</dt>
                  <dd className="min-w-0 break-words text-slate-900">{item.name}</dd>
                  <dt className="font-semibold text-slate-700">E-mail</dt>
                  <dd className="min-w-0 break-all text-slate-900">{item.email}</dd>
                </>
              ) : null}
              <dt className="font-semibold text-slate-700">Applied on</dt>
              <dd className="text-slate-900">{item.submittedAt ? date.format(new Date(item.submittedAt)) : "Not submitted yet"}</dd>
            </dl>
            <a href={item.href} className="mt-auto self-start font-semibold text-brand-800 underline">
              {item.status === "draft" ? "Continue your application" : "View application"}
              <span className="sr-only"> {item.universityName ? `to ${item.universityName}` : ""}</span>
            </a>
          </Card>
        </li>
      ))}
    </ul>
  );
}
