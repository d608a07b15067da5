import { z } from "zod";
import { applicationDocuments, type DocumentField, documentFields, staffStatuses } from "../applications";
import { FIELD_REQUIRED } from "../contact-form";
import { NAME_MAX_LENGTH } from "../form-limits";
import { multiline } from "./multiline";

/**
 * The application form (/apply): the text fields, checked in the browser before sending and on
 * the server. Names are the spec's (§3). The 15 documents travel beside them as files (or are
 * already in the student's draft); the server checks those by their bytes. The e-mail is never a
 * field: the account decides it.
 */

/** The spec's message for a form with anything missing (§8, without the stray apostrophe). */
export const PROVIDE_VALID_INFORMATION = "Please provide valid information";
export const DOCUMENT_REQUIRED = "Choose a file";

export const APPLICATION_TEXT_MAX_LENGTH = 160;
export const APPLICATION_ADDRESS_MAX_LENGTH = 300;
export const STAFF_NOTE_MAX_LENGTH = 1_000;

const required = (max: number) =>
  z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(max, `Use at most ${max} characters`);

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
  status: z.enum(staffStatuses, { error: "Choose Processing, Rejected or Completed" }),
  note: multiline(z.string().trim().max(STAFF_NOTE_MAX_LENGTH, `Use at most ${STAFF_NOTE_MAX_LENGTH} characters`).optional()),
});

/** A note alone, without a status change. */
export const StaffNoteSchema = z.object({
  note: multiline(
    z
      .string({ error: FIELD_REQUIRED })
      .trim()
      .min(1, "Write a note first")
      .max(STAFF_NOTE_MAX_LENGTH, `Use at most ${STAFF_NOTE_MAX_LENGTH} characters`),
  ),
});

/** The note form's "Add note" button posts `intent=note` (a status button posts its `status` instead). */
export const StaffNoteFormSchema = StaffNoteSchema.extend({ intent: z.literal("note", { error: "Choose Add note or a status" }) });

export const MESSAGE_MAX_LENGTH = 4_000;
export const REASON_MAX_LENGTH = 1_000;

const optionalReason = multiline(z.string().trim().max(REASON_MAX_LENGTH, `Use at most ${REASON_MAX_LENGTH} characters`).optional());

/** A message on an application's thread (student or staff): `intent=message` and `body`. */
export const ApplicationMessageSchema = z.object({
  intent: z.literal("message"),
  body: multiline(
    z
      .string({ error: "Write a message first" })
      .trim()
      .min(1, "Write a message first")
      .max(MESSAGE_MAX_LENGTH, `Use at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-GB")} characters`),
  ),
});

/** Staff review one document: `field` (the spec's name), `decision` and the `reason` the student reads (needed for a new copy). */
export const DocumentReviewSchema = z.object({
  intent: z.literal("review-document"),
  field: z.enum(documentFields as readonly DocumentField[] as [DocumentField, ...DocumentField[]], { error: "There is no such document." }),
  decision: z.enum(["accepted", "needs-new-copy"], { error: "Choose Accept or Needs a new copy" }),
  reason: optionalReason,
});

/** A manager assigns the application to a consultant. */
export const AssignmentSchema = z.object({
  intent: z.literal("assign"),
  assigneeId: z.string({ error: "Choose one of the consultants." }).trim().min(1, "Choose one of the consultants.").max(100),
});

/** A manager reopens a completed or rejected application, saying why. */
export const ReopenSchema = z.object({
  intent: z.literal("reopen"),
  reason: multiline(
    z
      .string({ error: "Say why it is reopened" })
      .trim()
      .min(1, "Say why it is reopened")
      .max(REASON_MAX_LENGTH, `Use at most ${REASON_MAX_LENGTH} characters`),
  ),
});

/** The student withdraws their application, with an optional reason. */
export const WithdrawSchema = z.object({ intent: z.literal("withdraw"), reason: optionalReason });
