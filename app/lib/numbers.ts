// Number formats made once: `toLocaleString` builds a new formatter on every call, which a page
// listing a dozen universities' fees in two currencies pays for dozens of times per render.
const thousands = new Intl.NumberFormat("en");
const lakh = new Intl.NumberFormat("en-IN");

/** 1200000 → "1,200,000": grouped by thousands. */
export function groupThousands(value: number): string {
  return thousands.format(value);
}

/** 1200000 → "12,00,000": grouped in lakh and crore, as Bangladesh writes amounts of taka. */
export function groupLakh(value: number): string {
  return lakh.format(value);
}
