/**
 * The networking directory's fixed lists, kept free of Zod so pages can show them without loading
 * it (the form schemas are in schemas/networking.ts).
 */

/** Where members live, in the directory's filter order ("United States" spelled out). */
export const defaultMemberLocations = ["United States", "Canada", "Germany", "Denmark", "Finland", "United Kingdom", "Bangladesh"];
export const defaultJobCategories = ["Software Engineer", "Designer", "Automobile", "Barista", "Chef", "Communications"];

export const memberStatuses = ["Active", "Inactive"] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** The longest directory search (a name, profession or company); longer is cut on the page, refused by the API. */
export const DIRECTORY_SEARCH_MAX_LENGTH = 100;
