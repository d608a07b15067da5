/** A fragment to look for anywhere in a text, as a LIKE pattern (its wildcards escaped). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
