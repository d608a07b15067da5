import type { applicationDocuments, applicationEvents, applications } from "../db/schema";

export {
  type ApplicationFields,
  ApplicationFormSchema,
  PROVIDE_VALID_INFORMATION,
  StaffNoteFormSchema,
  StatusChangeSchema,
} from "~/lib/schemas/applications";

export type Application = typeof applications.$inferSelect;
export type ApplicationDocumentRow = typeof applicationDocuments.$inferSelect;
export type ApplicationEventRow = typeof applicationEvents.$inferSelect;

export { VERIFY_BEFORE_APPLYING } from "~/lib/applications";

/** A document stored under its generated key, before (or once) a row points at it. */
export type StoredDocument = {
  field: import("~/lib/applications").DocumentField;
  storageKey: string;
  fileName: string;
  contentType: import("~/lib/applications").DocumentType;
  size: number;
  sha256: string;
};
