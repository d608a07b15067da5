// Small helpers for country names in running text; imported by pages' components, so this
// module carries no guide data into the browser's bundle.

/** A country's name inside a sentence: "the United States", "the Netherlands", "Canada". */
export function countryInSentence(country: string): string {
  return /^(United |Netherlands$)/.test(country) ? `the ${country}` : country;
}
