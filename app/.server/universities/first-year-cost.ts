import type { StudyLevel } from "~/lib/academic-profile";
import { type CostLine, costCountries, type FirstYearCost } from "~/lib/first-year-cost";
import { getLocale } from "~/lib/locale";
import type { TuitionCurrency } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import countryFigures from "../../../content/first-year-costs.json" with { type: "json" };
import { readSettingValues } from "../settings/site-settings";
import type { TakaRates, UniversityCosts } from "./schema";

/** An official figure of a country's first-year costs (content/first-year-costs.json), or one a manager set. */
export type CountryFigure = {
  amount: number;
  currency: string;
  year: number | null;
  source: string | null;
  label: string;
  /** The label in Bangla (the file's figures have one; a manager's figure is named by the line). */
  labelBn?: string;
};

/** What a student pays in a country besides the university's own fees, and the balance its embassy expects. */
export type CountryCosts = Record<"living" | "visa" | "health" | "sevis" | "flight" | "bankBalance", CountryFigure | null>;

type CostFigures = Record<string, Partial<Record<keyof CountryCosts, (CountryFigure & { note?: string }) | null>>>;

/** The lines every country has, named even where the figure is unknown; SEVIS only where it applies. */
const countryLines = [
  ["living", m.finder_cost_living],
  ["visa", m.finder_cost_visa],
  ["health", m.finder_cost_health],
  ["sevis", m.finder_cost_sevis],
  ["flight", m.finder_cost_flight],
] as const;

/** A figure's name in the page's language. */
function labelOf(figure: CountryFigure): string {
  return getLocale() === "bn" && figure.labelBn ? figure.labelBn : figure.label;
}

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
            ? {
                amount: figure.amount,
                currency: figure.currency,
                year: figure.year,
                source: figure.source,
                label: figure.label,
                labelBn: figure.labelBn,
              }
            : null,
        ]),
      ) as Partial<CountryCosts>;
      // A manager's figure keeps the official one's name (or, without one, is named by its line).
      const set = (key: "living" | "flight"): CountryFigure | null => {
        const amount = values[`costs.${id}.${key}` as const];
        if (!amount) return official[key] ?? null;
        const year = values[`costs.${id}.${key}Year` as const];
        const inCurrency = key === "flight" ? "BDT" : currency;
        const named = key === "living" ? official.living : undefined;
        return {
          amount: Number(amount),
          currency: inCurrency,
          year: year ? Number(year) : null,
          source: null,
          label: named?.label ?? "",
          labelBn: named?.labelBn,
        };
      };
      return [
        name,
        {
          living: set("living"),
          visa: official.visa ?? null,
          health: official.health ?? null,
          sevis: official.sevis ?? null,
          flight: set("flight"),
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
  const { amount, currency, year, source } = figure;
  return { label, amount, currency, year, source, taka: inTaka(amount, currency, rates) };
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
  const lines: CostLine[] = [line(masters ? m.finder_cost_tuition_masters() : m.finder_cost_tuition(), tuition, rates)];
  if (university.yearlyFeesAmount !== null)
    lines.push(
      line(
        university.yearlyFeesLabel || m.finder_cost_yearly_fees(),
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
        m.finder_cost_application_fee(),
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
    const entry = line((figure && labelOf(figure)) || label(), figure, rates);
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
    bankBalance: country?.bankBalance ? line(labelOf(country.bankBalance), country.bankBalance, rates) : null,
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
