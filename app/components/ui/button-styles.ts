/** Link and button looks shared by every page (AA contrast on white and on brand-50). */
export const primaryButton =
  "inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
export const secondaryButton =
  "inline-flex items-center justify-center rounded-md border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50";
export const textLink = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";
