import { m } from "~/paraglide/messages";
import { getLocale, type Locale } from "./locale";

/**
 * The application's fixed lists, shared by the server and the pages (kept free of Zod). What they
 * show people is a message, read when it is shown, in the page's language (ADR 037).
 */

/** A message without inputs, in a language. */
type Message = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** An object whose values are `messages`, each read in the page's language when it is read. */
function readWhenShown<K extends string>(messages: Record<K, Message>): Readonly<Record<K, string>> {
  const labels = {} as Record<K, string>;
  for (const key of Object.keys(messages) as K[]) Object.defineProperty(labels, key, { enumerable: true, get: () => messages[key]() });
  return labels;
}

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

const statusMessages: Record<ApplicationStatus, Message> = {
  draft: m.apply_status_draft,
  submitted: m.apply_status_submitted,
  processing: m.apply_status_processing,
  "documents-requested": m.apply_status_documents_requested,
  rejected: m.apply_status_rejected,
  completed: m.apply_status_completed,
  withdrawn: m.apply_status_withdrawn,
};

/** Each status's name in the page's language ("Draft", "খসড়া"); the stored value stays the key. */
export const statusLabels = readWhenShown(statusMessages);

/** A status's name in `locale` (an e-mail's, say). */
export function statusLabel(status: ApplicationStatus, locale: Locale = getLocale()): string {
  return statusMessages[status]({}, { locale });
}

/** What staff made of one document: not yet reviewed (or a new copy), accepted, or asked for again. */
export const documentStates = ["received", "accepted", "needs-new-copy"] as const;
export type DocumentState = (typeof documentStates)[number];

export const documentStateLabels = readWhenShown<DocumentState>({
  received: m.apply_document_state_received,
  accepted: m.apply_document_state_accepted,
  "needs-new-copy": m.apply_document_state_needs_new_copy,
});

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
export const staffStatusActions: Record<StaffStatus, Readonly<Record<"button" | "question" | "toast", string>>> = {
  processing: readWhenShown({
    button: m.apply_staff_process_button,
    question: m.apply_staff_process_question,
    toast: m.apply_staff_process_toast,
  }),
  rejected: readWhenShown({
    button: m.apply_staff_reject_button,
    question: m.apply_staff_reject_question,
    toast: m.apply_staff_reject_toast,
  }),
  completed: readWhenShown({
    button: m.apply_staff_complete_button,
    question: m.apply_staff_complete_question,
    toast: m.apply_staff_complete_toast,
  }),
};

/**
 * One document: its form field's name, and the messages for the label beside the input and the
 * noun a sentence uses ("Error uploading the bank statement. Please try again"). `label` and
 * `noun` are read in the page's language each time; `documentLabel`/`documentNoun` take another.
 */
function applicationDocument<const F extends string>(field: F, label: Message, noun: Message) {
  return {
    field,
    labelIn: (locale: Locale) => label({}, { locale }),
    nounIn: (locale: Locale) => noun({}, { locale }),
    get label(): string {
      return label();
    },
    get noun(): string {
      return noun();
    },
  };
}

/** The 15 documents in the spec's order (§4). */
export const applicationDocuments = [
  applicationDocument("passportSizePicture", m.apply_doc_passport_size_picture, m.apply_doc_passport_size_picture_noun),
  applicationDocument("birthCertificate", m.apply_doc_birth_certificate, m.apply_doc_birth_certificate_noun),
  applicationDocument("nid", m.apply_doc_nid, m.apply_doc_nid_noun),
  applicationDocument("fatherNid", m.apply_doc_father_nid, m.apply_doc_father_nid_noun),
  applicationDocument("motherNid", m.apply_doc_mother_nid, m.apply_doc_mother_nid_noun),
  applicationDocument("passport", m.apply_doc_passport, m.apply_doc_passport_noun),
  applicationDocument("sscCertificate", m.apply_doc_ssc_certificate, m.apply_doc_ssc_certificate_noun),
  applicationDocument("hscCertificate", m.apply_doc_hsc_certificate, m.apply_doc_hsc_certificate_noun),
  applicationDocument("bachelorHonoursTranscript", m.apply_doc_bachelor_honours_transcript, m.apply_doc_bachelor_honours_transcript_noun),
  applicationDocument("englishProficiency", m.apply_doc_english_proficiency, m.apply_doc_english_proficiency_noun),
  applicationDocument("sponsorBusinessLicense", m.apply_doc_sponsor_business_license, m.apply_doc_sponsor_business_license_noun),
  applicationDocument("bankStatement", m.apply_doc_bank_statement, m.apply_doc_bank_statement_noun),
  applicationDocument("policeClearance", m.apply_doc_police_clearance, m.apply_doc_police_clearance_noun),
  applicationDocument("healthCertificate", m.apply_doc_health_certificate, m.apply_doc_health_certificate_noun),
  applicationDocument("currentBillCopy", m.apply_doc_current_bill_copy, m.apply_doc_current_bill_copy_noun),
] as const;

export type DocumentField = (typeof applicationDocuments)[number]["field"];

export const documentFields: readonly DocumentField[] = applicationDocuments.map((document) => document.field);

export function isDocumentField(value: unknown): value is DocumentField {
  return typeof value === "string" && (documentFields as readonly string[]).includes(value);
}

export function documentInfo(field: DocumentField) {
  return applicationDocuments.find((document) => document.field === field) as (typeof applicationDocuments)[number];
}

/** A document's label ("Bank statement") in `locale`. */
export function documentLabel(field: DocumentField, locale: Locale = getLocale()): string {
  return documentInfo(field).labelIn(locale);
}

/** A document's name in the middle of a sentence ("bank statement") in `locale` (an e-mail's, say). */
export function documentNoun(field: DocumentField, locale: Locale = getLocale()): string {
  return documentInfo(field).nounIn(locale);
}

/** The spec's upload failure, naming the document (§8 says "profile image" for all of them). */
export function uploadErrorMessage(field: DocumentField): string {
  return m.apply_upload_error({ document: documentInfo(field).noun });
}

/**
 * Why an unconfirmed account cannot apply: the refusal of its post, in English (the pages show
 * m.apply_verify_before_applying, its words in the page's language).
 */
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

const banglaDigits = "০১২৩৪৫৬৭৮৯";

/** "2.4 MB", "310 kB" ("২.৪ MB" in Bangla). */
export function formatBytes(bytes: number, locale: Locale = getLocale()): string {
  let size: string;
  if (bytes >= 1024 * 1024) {
    const megabytes = bytes / 1024 / 1024;
    size = `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
  } else size = `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return locale === "en" ? size : size.replace(/\d/g, (digit) => banglaDigits[Number(digit)] ?? digit);
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
