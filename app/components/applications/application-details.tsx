import type { ReactNode } from "react";
import type { ApplicationStatus, DocumentView } from "~/lib/applications";
import { Card } from "../ui/card";
import { DocumentGrid } from "./document-grid";
import { StatusBadge } from "./status-badge";

export type ApplicationDetailsView = {
  status: ApplicationStatus;
  email: string | null;
  countryName: string | null;
  universityName: string | null;
  universitySlug: string | null;
  name: string | null;
  address: string | null;
  fatherName: string | null;
  motherName: string | null;
  sponsorName: string | null;
  submittedAt: string | null;
};

const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Asia/Dhaka" });

/** The application's personal and family data, with its status. */
export function ApplicationDetails({ application }: { application: ApplicationDetailsView }) {
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
 * An application's page, for staff and for its student alike: its data and documents on the left
 * (above on a phone), and `children` (the status form, the timeline) beside them.
 */
export function ApplicationLayout({
  application,
  children,
}: {
  application: ApplicationDetailsView & { documents: DocumentView[] };
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid min-w-0 content-start gap-8">
        <ApplicationDetails application={application} />
        <section aria-labelledby="documents-heading">
          <h2 id="documents-heading" className="mb-3 text-xl font-semibold text-slate-900">
            Documents
          </h2>
          <DocumentGrid documents={application.documents} />
        </section>
      </div>
      <div className="grid min-w-0 content-start gap-8">{children}</div>
    </div>
  );
}
