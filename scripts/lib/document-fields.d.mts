/** The types of document-fields.mjs (plain JavaScript for the measuring scripts). */
export declare const documentFields: string[];
