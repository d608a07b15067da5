/**
 * The application's fixed lists, shared by the server and the pages (kept free of Zod).
 */

/**
 * `draft` is the student's own work in progress; staff see an application from `submitted` on.
 * How it moves between them: app/lib/application-flow.ts.
 */
export const applicationStatuses = [
  "draft",
  "submitted",
  "processing",
  "documents-requested",
  "rejected",
  "completed",
  "withdrawn",
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** The three buttons staff press (spec §4); which of them an application allows: application-flow.ts. */
export const staffStatuses = ["processing", "rejected", "completed"] as const;
export type StaffStatus = (typeof staffStatuses)[number];

export const statusLabels: Record<ApplicationStatus, string> = {
  draft: "Draft",
  submitted: "Submitted",
  processing: "Processing",
  "documents-requested": "Documents requested",
  rejected: "Rejected",
  completed: "Completed",
  withdrawn: "Withdrawn",
};

/** What staff made of one document: not yet reviewed (or a new copy), accepted, or asked for again. */
export const documentStates = ["received", "accepted", "needs-new-copy"] as const;
export type DocumentState = (typeof documentStates)[number];

export const documentStateLabels: Record<DocumentState, string> = {
  received: "Waiting for review",
  accepted: "Accepted",
  "needs-new-copy": "Needs a new copy",
};

/** What one timeline event records. */
export const applicationEventKinds = [
  "status",
  "note",
  "document-accepted",
  "document-needs-new-copy",
  "document-replaced",
  "assigned",
  "withdrawn",
  "reopened",
] as const;
export type ApplicationEventKind = (typeof applicationEventKinds)[number];

/** Each staff status: its button, its confirmation (spec §8) and its toast. */
export const staffStatusActions: Record<StaffStatus, { button: string; question: string; toast: string }> = {
  processing: {
    button: "Process",
    question: "Are you sure you want to process this application?",
    toast: "Application processed successfully",
  },
  rejected: {
    button: "Reject",
    question: "Are you sure you want to reject this application?",
    toast: "Application rejected successfully",
  },
  completed: {
    button: "Complete",
    question: "Are you sure you want to complete this application?",
    toast: "Application completed successfully",
  },
};

/**
 * The 15 documents in the spec's order (§4), by their form field's name, with the noun a message
 * uses ("Error uploading the bank statement. Please try again") and the label beside the input.
 */
export const applicationDocuments = [
  { field: "passportSizePicture", label: "Passport-size picture", noun: "passport-size picture" },
  { field: "birthCertificate", label: "Birth certificate", noun: "birth certificate" },
  { field: "nid", label: "NID", noun: "NID" },
  { field: "fatherNid", label: "Father's NID", noun: "father's NID" },
  { field: "motherNid", label: "Mother's NID", noun: "mother's NID" },
  { field: "passport", label: "Passport", noun: "passport" },
  { field: "sscCertificate", label: "SSC certificate", noun: "SSC certificate" },
  { field: "hscCertificate", label: "HSC certificate", noun: "HSC certificate" },
  { field: "bachelorHonoursTranscript", label: "Bachelor/honours transcript", noun: "bachelor/honours transcript" },
  { field: "englishProficiency", label: "English proficiency", noun: "English proficiency certificate" },
  { field: "sponsorBusinessLicense", label: "Sponsor business licence", noun: "sponsor business licence" },
  { field: "bankStatement", label: "Bank statement", noun: "bank statement" },
  { field: "policeClearance", label: "Police clearance", noun: "police clearance" },
  { field: "healthCertificate", label: "Health certificate", noun: "health certificate" },
  { field: "currentBillCopy", label: "Current bill copy", noun: "current bill copy" },
] as const;

export type DocumentField = (typeof applicationDocuments)[number]["field"];

export const documentFields: readonly DocumentField[] = applicationDocuments.map((document) => document.field);

export function isDocumentField(value: unknown): value is DocumentField {
  return typeof value === "string" && (documentFields as readonly string[]).includes(value);
}

export function documentInfo(field: DocumentField) {
  return applicationDocuments.find((document) => document.field === field) as (typeof applicationDocuments)[number];
}

/** The spec's upload failure, naming the document (§8 says "profile image" for all of them). */
export function uploadErrorMessage(field: DocumentField): string {
  return `Error uploading the ${documentInfo(field).noun}. Please try again`;
}

/** Why an unconfirmed account cannot apply (shown on the form, and as the refusal of its post). */
export const VERIFY_BEFORE_APPLYING =
  "Please confirm your e-mail address before you apply: open the link we sent you, or send it again below.";

/** File types a document may be, by its bytes: scans and photos, or PDFs (transcripts, bank statements). */
export const documentTypes = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export type DocumentType = (typeof documentTypes)[number];
export const DOCUMENT_ACCEPT = documentTypes.join(",");

/** The spec's destination countries (§3), spelled correctly; the catalogue's countries join them. */
export const applicationCountries = [
  "UK",
  "USA",
  "China",
  "Dubai",
  "France",
  "Finland",
  "Germany",
  "Denmark",
  "Malaysia",
  "Australia",
  "Netherlands",
] as const;

/** Catalogue names of countries the spec's list names otherwise: one choice each, not two. */
const countryAliases: Record<string, string> = {
  "United Kingdom": "UK",
  "United States": "USA",
  "United States of America": "USA",
  "United Arab Emirates": "Dubai",
  Netherland: "Netherlands",
};

/** The application's name for a catalogue country ("United Kingdom" → "UK"). */
export function applicationCountry(catalogueCountry: string): string {
  return countryAliases[catalogueCountry] ?? catalogueCountry;
}

/** The country choices: the spec's 11, then every other country the catalogue holds, alphabetically. */
export function countryOptions(catalogueCountries: readonly string[]): string[] {
  const spec = new Set<string>(applicationCountries);
  const more = [...new Set(catalogueCountries.map(applicationCountry))].filter((country) => !spec.has(country)).sort();
  return [...applicationCountries, ...more];
}

/** A stored document as the pages show it. */
export type DocumentView = {
  field: DocumentField;
  label: string;
  fileName: string;
  contentType: string;
  size: number;
  isImage: boolean;
  /** The authorised route that streams it (the staff or the owner path). */
  url: string;
  state: DocumentState;
  /** Why staff asked for a new copy (shown to the student while it is asked for). */
  reason: string | null;
  /** Earlier copies the student replaced, newest first: staff only (always empty for the student). */
  history: DocumentVersionView[];
};

/** A replaced copy of a document, in its history (staff only). */
export type DocumentVersionView = {
  id: number;
  fileName: string;
  size: number;
  replacedAt: string;
  reason: string | null;
  url: string;
};

/** One message of an application's thread. */
export type ApplicationMessageView = {
  id: number;
  authorName: string;
  fromStaff: boolean;
  body: string;
  at: string;
};

/** One event of the timeline as the pages show it. */
export type TimelineEntry = {
  id: number;
  at: string;
  actorName: string;
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  kind: ApplicationEventKind;
  /** The document a review or replacement was about. */
  field: DocumentField | null;
  note: string | null;
};

/** One card of the staff list (and of a student's own list). */
export type ApplicationCard = {
  id: string;
  status: ApplicationStatus;
  name: string | null;
  email: string | null;
  countryName: string | null;
  universityName: string | null;
  submittedAt: Date | null;
  updatedAt: Date;
};

/** An application as its detail pages show it. */
export type ApplicationDetail = {
  id: string;
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
  submittedAt: Date | null;
  /** The consultant responsible for it, if one is assigned. */
  assignee: { id: string; name: string } | null;
  documents: DocumentView[];
  timeline: TimelineEntry[];
  messages: ApplicationMessageView[];
};

/** "2.4 MB", "310 kB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const megabytes = bytes / 1024 / 1024;
    return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** Messages a thread shows at a time. */
export const MESSAGES_PER_PAGE = 20;

/**
 * One page of a thread (oldest first): the newest page unless `page` names another, so the
 * latest messages are what opens; older ones are a page back.
 */
export function threadPage<T>(messages: T[], page: string | null): { items: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(messages.length / MESSAGES_PER_PAGE));
  const asked = Number(page);
  const current = page !== null && Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pageCount) : pageCount;
  return { items: messages.slice((current - 1) * MESSAGES_PER_PAGE, current * MESSAGES_PER_PAGE), page: current, pageCount };
}
