import { z } from "zod";
import { m } from "~/paraglide/messages";
import { applicationDocuments, type DocumentField, documentFields, staffStatuses } from "../applications";
import { NAME_MAX_LENGTH } from "../form-limits";
import { formatDigits, groupThousands } from "../numbers";
import { multiline } from "./multiline";

/**
 * The application form (/apply): the text fields, checked in the browser before sending and on
 * the server. Names are the spec's (§3). The 15 documents travel beside them as files (or are
 * already in the student's draft); the server checks those by their bytes. The e-mail is never a
 * field: the account decides it. Messages are written when a value is judged, in the page's
 * language (ADR 037).
 */

/**
 * The spec's message for a form with anything missing (§8, without the stray apostrophe), and a
 * missing document's: the server's refusals, in English (the form shows m.apply_provide_valid_information
 * and m.apply_choose_a_file in the page's language).
 */
export const PROVIDE_VALID_INFORMATION = "Please provide valid information";
export const DOCUMENT_REQUIRED = "Choose a file";

const fieldRequired = { error: () => m.forms_field_required() };
/** "Use at most 1000 characters" ("4,000" only where the English groups it). */
const atMost = (max: number, grouped = false) => ({
  error: () => m.apply_use_at_most({ max: grouped ? groupThousands(max) : formatDigits(max) }),
});

export const APPLICATION_TEXT_MAX_LENGTH = 160;
export const APPLICATION_ADDRESS_MAX_LENGTH = 300;
export const STAFF_NOTE_MAX_LENGTH = 1_000;

const required = (max: number) => z.string(fieldRequired).trim().min(1, fieldRequired).max(max, atMost(max));

export const applicationTextFields = {
  countryName: required(60),
  universityName: required(APPLICATION_TEXT_MAX_LENGTH),
  name: required(NAME_MAX_LENGTH),
  address: required(APPLICATION_ADDRESS_MAX_LENGTH),
  fatherName: required(NAME_MAX_LENGTH),
  motherName: required(NAME_MAX_LENGTH),
  sponsorName: required(NAME_MAX_LENGTH),
};

export const ApplicationFormSchema = z.object(applicationTextFields);

export type ApplicationFields = z.output<typeof ApplicationFormSchema>;
export type ApplicationTextField = keyof ApplicationFields;

/**
 * As the browser checks it: the documents are any file or none (a document already in the draft
 * needs no file), so only the text fields are judged before sending.
 */
export const ApplicationFormBrowserSchema = ApplicationFormSchema.extend(
  Object.fromEntries(applicationDocuments.map((document) => [document.field, z.unknown().optional()])) as Record<
    (typeof applicationDocuments)[number]["field"],
    z.ZodOptional<z.ZodUnknown>
  >,
);

/** A staff status change (the contract: `status` alone is enough) with an optional note for the timeline and the e-mail. */
export const StatusChangeSchema = z.object({
  status: z.enum(staffStatuses, { error: () => m.apply_choose_staff_status() }),
  note: multiline(z.string().trim().max(STAFF_NOTE_MAX_LENGTH, atMost(STAFF_NOTE_MAX_LENGTH)).optional()),
});

/** A note alone, without a status change. */
export const StaffNoteSchema = z.object({
  note: multiline(
    z
      .string(fieldRequired)
      .trim()
      .min(1, { error: () => m.apply_write_note_first() })
      .max(STAFF_NOTE_MAX_LENGTH, atMost(STAFF_NOTE_MAX_LENGTH)),
  ),
});

/** The note form's "Add note" button posts `intent=note` (a status button posts its `status` instead). */
export const StaffNoteFormSchema = StaffNoteSchema.extend({ intent: z.literal("note", { error: () => m.apply_choose_note_or_status() }) });

export const MESSAGE_MAX_LENGTH = 4_000;
export const REASON_MAX_LENGTH = 1_000;

const optionalReason = multiline(z.string().trim().max(REASON_MAX_LENGTH, atMost(REASON_MAX_LENGTH)).optional());

/** A message on an application's thread (student or staff): `intent=message` and `body`. */
export const ApplicationMessageSchema = z.object({
  intent: z.literal("message"),
  body: multiline(
    z
      .string({ error: () => m.apply_write_message_first() })
      .trim()
      .min(1, { error: () => m.apply_write_message_first() })
      .max(MESSAGE_MAX_LENGTH, atMost(MESSAGE_MAX_LENGTH, true)),
  ),
});

/** Staff review one document: `field` (the spec's name), `decision` and the `reason` the student reads (needed for a new copy). */
export const DocumentReviewSchema = z.object({
  intent: z.literal("review-document"),
  field: z.enum(documentFields as readonly DocumentField[] as [DocumentField, ...DocumentField[]], {
    error: () => m.apply_no_such_document(),
  }),
  decision: z.enum(["accepted", "needs-new-copy"], { error: () => m.apply_choose_review_decision() }),
  reason: optionalReason,
});

/** A manager assigns the application to a consultant. */
export const AssignmentSchema = z.object({
  intent: z.literal("assign"),
  assigneeId: z
    .string({ error: () => m.apply_choose_consultant() })
    .trim()
    .min(1, { error: () => m.apply_choose_consultant() })
    .max(100),
});

/** A manager reopens a completed or rejected application, saying why. */
export const ReopenSchema = z.object({
  intent: z.literal("reopen"),
  reason: multiline(
    z
      .string({ error: () => m.apply_say_why_reopened() })
      .trim()
      .min(1, { error: () => m.apply_say_why_reopened() })
      .max(REASON_MAX_LENGTH, atMost(REASON_MAX_LENGTH)),
  ),
});

/** The student withdraws their application, with an optional reason. */
export const WithdrawSchema = z.object({ intent: z.literal("withdraw"), reason: optionalReason });
