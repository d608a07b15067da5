import type { ReactNode } from "react";
import type { ApplicationDetail, DocumentView } from "~/lib/applications";
import type { Serialized } from "~/lib/serialized";
import { LinkButton } from "../ui/button";
import { Card } from "../ui/card";
import { DocumentGrid } from "./document-grid";
import { StatusBadge } from "./status-badge";
import { Timeline } from "./timeline";

/** What the layout shows of an application (its thread is the page's, a page at a time). */
type ApplicationPageData = Omit<Serialized<ApplicationDetail>, "messages">;

const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Asia/Dhaka" });

/** The application's personal and family data, with its status. */
function ApplicationDetails({ application }: { application: ApplicationPageData }) {
  const rows: [string, ReactNode][] = [
    ["Status", <StatusBadge key="status" status={application.status} />],
    ["Applied country", application.countryName],
    [
      "University",
      application.universitySlug ? (
        <a key="university" href={`/university/${application.universitySlug}`} className="text-brand-800 underline">
          {application.universityName}
        </a>
      ) : (
        application.universityName
      ),
    ],
    ["Name", application.name],
    ["E-mail", application.email],
    ["Address", application.address],
    ["Father's name", application.fatherName],
    ["Mother's name", application.motherName],
    ["Sponsor's name", application.sponsorName],
    ["Applied on", application.submittedAt ? date.format(new Date(application.submittedAt)) : "Not yet"],
    ["Handled by", application.assignee?.name ?? "Not assigned yet"],
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
        <TitledSection id="documents-heading" title="Documents">
          <DocumentGrid documents={application.documents} showState extra={documentExtra} />
        </TitledSection>
        {main}
      </div>
      <div className="grid min-w-0 content-start gap-8">
        {children}
        <TitledSection id="timeline-heading" title="Timeline">
          <Timeline entries={application.timeline} />
        </TitledSection>
        <LinkButton href={back.href} size="md" variant="outline" className="justify-self-start">
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
