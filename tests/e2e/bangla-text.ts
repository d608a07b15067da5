/** Bengali script (the Unicode block), for Bangla text where English would show Latin letters. */
export const bengali = /[\u0980-\u09FF]/;

/** The share of the letters in `text` that are Bengali: names, codes and "Onward" stay in Latin on a Bangla page. */
export function bengaliShare(text: string): number {
  const letters = [...text].filter((char) => /\p{L}|\p{M}/u.test(char));
  return letters.filter((char) => bengali.test(char)).length / Math.max(1, letters.length);
}
