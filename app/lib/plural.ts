import { groupThousands } from "./numbers";

const pluralRules = new Intl.PluralRules("en");

/**
 * A count and its noun, in agreement: `plural(1, "university", "universities")` is "1 university",
 * `plural(1200, "result", "results")` "1,200 results" (English plural rules; counts grouped by
 * thousands as Intl formats them). Every page that says how many of something there are goes
 * through here rather than building "1 results" by hand.
 */
export function plural(count: number, one: string, many: string): string {
  return `${groupThousands(count)} ${pluralRules.select(count) === "one" ? one : many}`;
}
