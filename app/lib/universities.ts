/**
 * The university catalogue's fixed lists and units, kept free of Zod so pages can use them without
 * loading it.
 */

export const universityTypes = ["Public", "Private"] as const;
export type UniversityType = (typeof universityTypes)[number];

/** Currencies a first-year tuition may be given in (ISO 4217); each has a rate to taka in the site settings. */
export const tuitionCurrencies = ["USD", "GBP", "EUR", "CAD", "AUD", "DKK", "KRW", "JPY", "MYR"] as const;
export type TuitionCurrency = (typeof tuitionCurrencies)[number];

/** IELTS bands a minimum may be: 2.5 to 9 in steps of 0.5. */
export const ieltsBands = Array.from({ length: 14 }, (_, index) => 2.5 + index * 0.5);

export const finderSorts = ["ranking", "name", "tuition"] as const;
export type FinderSort = (typeof finderSorts)[number];

/** The longest name search the finder reads. */
export const FINDER_SEARCH_MAX_LENGTH = 100;
