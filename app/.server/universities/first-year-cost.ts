import type { StudyLevel } from "~/lib/academic-profile";
import { type CostLine, costCountries, type FirstYearCost } from "~/lib/first-year-cost";
import type { TuitionCurrency } from "~/lib/universities";
import countryFigures from "../../../content/first-year-costs.json" with { type: "json" };
import { readSettingValues } from "../settings/site-settings";
import type { TakaRates, UniversityCosts } from "./schema";

/** An official figure of a country's first-year costs (content/first-year-costs.json), or one a manager set. */
export type CountryFigure = { amount: number; currency: string; year: number | null; source: string | null; label: string };

/** What a student pays in a country besides the university's own fees, and the balance its embassy expects. */
export type CountryCosts = Record<"living" | "visa" | "health" | "sevis" | "flight" | "bankBalance", CountryFigure | null>;

type CostFigures = Record<string, Partial<Record<keyof CountryCosts, (CountryFigure & { note?: string }) | null>>>;

/** The lines every country has, named even where the figure is unknown; SEVIS only where it applies. */
const countryLines = [
  ["living", "Living costs (one year)"],
  ["visa", "Student visa fee"],
  ["health", "Health cover (one year)"],
  ["sevis", "SEVIS I-901 fee"],
  ["flight", "Flight from Dhaka (one way)"],
] as const;

/**
 * Each country's first-year costs: the official figures in content/first-year-costs.json, with the
 * living costs and the flight from Dhaka as a manager last set them (site settings
 * `costs.{country}.living`, `.livingYear`, `.flight`, `.flightYear`), which win over the file's.
 */
export async function getCountryCosts(): Promise<Map<string, CountryCosts>> {
  const values = await readSettingValues();
  const figures = countryFigures.countries as CostFigures;
  return new Map(
    costCountries.map(({ name, id, currency }) => {
      // The file's notes are for whoever checks the figures, not for the page: only what a line shows is kept.
      const official = Object.fromEntries(
        Object.entries(figures[name] ?? {}).map(([key, figure]) => [
          key,
          figure
            ? { amount: figure.amount, currency: figure.currency, year: figure.year, source: figure.source, label: figure.label }
            : null,
        ]),
      ) as Partial<CountryCosts>;
      const set = (key: "living" | "flight", inCurrency: string, label: string): CountryFigure | null => {
        const amount = values[`costs.${id}.${key}` as const];
        if (!amount) return official[key] ?? null;
        const year = values[`costs.${id}.${key}Year` as const];
        return { amount: Number(amount), currency: inCurrency, year: year ? Number(year) : null, source: null, label };
      };
      return [
        name,
        {
          living: set("living", currency, official.living?.label ?? "Living costs (one year)"),
          visa: official.visa ?? null,
          health: official.health ?? null,
          sevis: official.sevis ?? null,
          flight: set("flight", "BDT", "Flight from Dhaka (one way)"),
          bankBalance: official.bankBalance ?? null,
        },
      ];
    }),
  );
}

/** Whole taka of an amount in `currency` (BDT as it is), or null when the currency has no rate. */
export function inTaka(amount: number, currency: string, rates: TakaRates): number | null {
  if (currency === "BDT") return Math.round(amount);
  const rate = rates[currency as TuitionCurrency] ?? 0;
  return rate > 0 ? Math.round(amount * rate) : null;
}

function line(label: string, figure: Omit<CostLine, "label" | "taka"> | null, rates: TakaRates): CostLine {
  if (!figure || figure.amount === null || figure.currency === null)
    return { label, amount: null, currency: null, year: null, source: null, taka: null };
  return { label, ...figure, taka: inTaka(figure.amount, figure.currency, rates) };
}

/** The university fields the cost table reads. */
export type CostUniversity = UniversityCosts;

/**
 * The first year's cost of a university at a level: its tuition (the master's for a master's
 * student), its compulsory yearly fees and application fee where it has them, then the country's
 * living costs, visa fee, health cover, SEVIS fee (where it applies) and a flight from Dhaka. Every
 * line is in its own currency and in taka at `rates`; a line whose figure is unknown stays in the
 * table by name and out of the total, which the table then calls a part (`missing`). A published
 * zero tuition (Germany's public universities) is a line of 0, not an unknown.
 */
export function firstYearCost(
  university: CostUniversity,
  country: CountryCosts | undefined,
  rates: TakaRates,
  level: StudyLevel,
): FirstYearCost {
  const masters = level === "masters";
  const tuition = masters
    ? {
        amount: university.mastersTuitionAmount,
        currency: university.mastersTuitionCurrency,
        year: university.mastersTuitionYear,
        source: university.mastersTuitionSource,
      }
    : {
        amount: university.tuitionAmount,
        currency: university.tuitionCurrency,
        year: university.tuitionYear,
        source: university.tuitionSource,
      };
  const lines: CostLine[] = [line(masters ? "Tuition, taught master's (first year)" : "Tuition (first year)", tuition, rates)];
  if (university.yearlyFeesAmount !== null)
    lines.push(
      line(
        university.yearlyFeesLabel || "Compulsory yearly fees",
        {
          amount: university.yearlyFeesAmount,
          currency: university.yearlyFeesCurrency,
          year: university.yearlyFeesYear,
          source: university.yearlyFeesSource,
        },
        rates,
      ),
    );
  if (university.applicationFeeAmount !== null)
    lines.push(
      line(
        "Application fee",
        {
          amount: university.applicationFeeAmount,
          currency: university.applicationFeeCurrency,
          year: university.applicationFeeYear,
          source: university.applicationFeeSource,
        },
        rates,
      ),
    );
  let livingKnown = false;
  for (const [key, label] of countryLines) {
    const figure = country?.[key] ?? null;
    if (key === "sevis" && !figure) continue;
    const entry = line(figure?.label || label, figure, rates);
    if (key === "living") livingKnown = entry.taka !== null;
    lines.push(entry);
  }
  const known = lines.filter((entry) => entry.taka !== null);
  return {
    level,
    lines,
    totalBdt: known.length === 0 ? null : known.reduce((sum, entry) => sum + (entry.taka ?? 0), 0),
    missing: lines.filter((entry) => entry.taka === null).map((entry) => entry.label),
    livingKnown,
    bankBalance: country?.bankBalance ? line(country.bankBalance.label, country.bankBalance, rates) : null,
  };
}

/**
 * Each country's first-year costs besides the university's own fees, in whole taka (the lines a
 * rate converts), and whether its living costs are among them: what the finder's fit order adds to
 * each university's fees.
 */
export function countryExtras(
  costs: Map<string, CountryCosts>,
  rates: TakaRates,
): Record<string, { extraBdt: number; livingKnown: boolean }> {
  return Object.fromEntries(
    [...costs].map(([country, figures]) => {
      const taka = (figure: CountryFigure | null) => (figure ? inTaka(figure.amount, figure.currency, rates) : null);
      const extraBdt = countryLines.reduce((sum, [key]) => sum + (taka(figures[key]) ?? 0), 0);
      return [country, { extraBdt, livingKnown: taka(figures.living) !== null }];
    }),
  );
}
