import type { ReactNode } from "react";
import type { ApplicationDetail, DocumentView } from "~/lib/applications";
import { countryName } from "~/lib/country-names";
import { getLocale, intlLocale, type Locale, localizedPath, unlocalizedPath } from "~/lib/locale";
import type { Serialized } from "~/lib/serialized";
import { m } from "~/paraglide/messages";
import { LinkButton } from "../ui/button";
import { Card } from "../ui/card";
import { DocumentGrid } from "./document-grid";
import { StatusBadge } from "./status-badge";
import { Timeline } from "./timeline";

/** What the layout shows of an application (its thread is the page's, a page at a time). */
type ApplicationPageData = Omit<Serialized<ApplicationDetail>, "messages">;

const dates: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(intlLocale.en, { dateStyle: "medium", timeZone: "Asia/Dhaka" }),
  bn: new Intl.DateTimeFormat(intlLocale.bn, { dateStyle: "medium", timeZone: "Asia/Dhaka" }),
};

/** The application's personal and family data, with its status. */
function ApplicationDetails({ application }: { application: ApplicationPageData }) {
  const date = dates[getLocale()];
  const rows: [string, ReactNode][] = [
    [m.apply_details_status(), <StatusBadge key="status" status={application.status} />],
    [m.apply_details_country(), application.countryName && countryName(application.countryName)],
    [
      m.apply_details_university(),
      application.universitySlug ? (
        <a key="university" href={localizedPath(`/university/${application.universitySlug}`)} className="text-brand-800 underline">
          {application.universityName}
        </a>
      ) : (
        application.universityName
      ),
    ],
    [m.apply_details_name(), application.name],
    [m.apply_details_email(), application.email],
    [m.apply_details_address(), application.address],
    [m.apply_details_father_name(), application.fatherName],
    [m.apply_details_mother_name(), application.motherName],
    [m.apply_details_sponsor_name(), application.sponsorName],
    [m.apply_details_applied_on(), application.submittedAt ? date.format(new Date(application.submittedAt)) : m.apply_details_not_yet()],
    [m.apply_details_handled_by(), application.assignee?.name ?? m.apply_details_not_assigned()],
  ];
  return (
    <Card className="p-4 sm:p-6">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className="break-words text-slate-900">{value || "—"}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * An application's page, for staff and for its student alike: `top`, its data, documents (each
 * with what staff made of it, and `documentExtra`: staff's review form) and `main` (the thread) on the
 * left (above on a phone), and beside them `children` (the status and assignment forms), the
 * timeline and the link `back` to the list.
 */
export function ApplicationLayout({
  application,
  back,
  documentExtra,
  top,
  main,
  children,
}: {
  application: ApplicationPageData;
  back: { href: string; label: string };
  documentExtra?: (document: DocumentView) => ReactNode;
  /** What the person must do first (the student's new copies): above everything else. */
  top?: ReactNode;
  main?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid min-w-0 content-start gap-8">
        {top}
        <ApplicationDetails application={application} />
        <TitledSection id="documents-heading" title={m.apply_details_documents()}>
          <DocumentGrid documents={application.documents} showState extra={documentExtra} />
        </TitledSection>
        {main}
      </div>
      <div className="grid min-w-0 content-start gap-8">
        {children}
        <TitledSection id="timeline-heading" title={m.apply_details_timeline()}>
          <Timeline entries={application.timeline} />
        </TitledSection>
        <LinkButton href={localizedPath(unlocalizedPath(back.href))} size="md" variant="outline" className="justify-self-start">
          {back.label}
        </LinkButton>
      </div>
    </div>
  );
}

/** A part of the page under its h2, which names it for screen readers through `id`. */
export function TitledSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
