import { describe, expect, test } from "vitest";
import type { StudyLevel } from "~/lib/academic-profile";
import { formatLakh } from "~/lib/first-year-cost";
import { type CostUniversity, type CountryCosts, countryExtras, firstYearCost } from "./first-year-cost";
import { type FitStudent, fitOf, fitRank } from "./fit";
import type { TakaRates } from "./schema";

const rates: TakaRates = { USD: 120, GBP: 160, EUR: 140, CAD: 90, AUD: 80, DKK: 18, KRW: 0.09, JPY: 0.8, MYR: 0 };

const noFees: CostUniversity = {
  country: "United Kingdom",
  tuitionAmount: null,
  tuitionCurrency: null,
  tuitionYear: null,
  tuitionSource: null,
  mastersTuitionAmount: null,
  mastersTuitionCurrency: null,
  mastersTuitionYear: null,
  mastersTuitionSource: null,
  applicationFeeAmount: null,
  applicationFeeCurrency: null,
  applicationFeeYear: null,
  applicationFeeSource: null,
  yearlyFeesAmount: null,
  yearlyFeesCurrency: null,
  yearlyFeesYear: null,
  yearlyFeesSource: null,
  yearlyFeesLabel: null,
};
const figure = (amount: number, currency: string, label: string) => ({
  amount,
  currency,
  year: 2025,
  source: "https://www.gov.uk/",
  label,
});

/** The UK as the official figures have it: living GBP 13,632 (2,181,120 taka), visa 524 (83,840), IHS 776 (124,160); no flight. */
const uk: CountryCosts = {
  living: figure(13_632, "GBP", "Living costs"),
  visa: figure(524, "GBP", "Student visa fee"),
  health: figure(776, "GBP", "Immigration Health Surcharge"),
  sevis: null,
  flight: null,
  bankBalance: figure(10_224, "GBP", "Nine months of living costs"),
};
const ukExtras = 2_181_120 + 83_840 + 124_160;
const germany: CountryCosts = {
  living: figure(11_904, "EUR", "Blocked account"),
  visa: figure(75, "EUR", "National visa"),
  health: figure(1_731, "EUR", "Student health insurance"),
  sevis: null,
  flight: figure(95_000, "BDT", "Flight from Dhaka"),
  bankBalance: figure(11_904, "EUR", "Blocked account"),
};
const usa: CountryCosts = {
  living: null,
  visa: figure(185, "USD", "F-1 visa fee"),
  health: null,
  sevis: figure(350, "USD", "SEVIS I-901 fee"),
  flight: null,
  bankBalance: null,
};

describe("the first year's cost", () => {
  test("prices each line in taka at the staff's rates and adds them up", () => {
    const cost = firstYearCost({ ...noFees, tuitionAmount: 20_000, tuitionCurrency: "GBP", tuitionYear: 2025 }, uk, rates, "bachelor");
    expect(cost.lines.map((line) => [line.label, line.taka])).toEqual([
      ["Tuition (first year)", 3_200_000],
      ["Living costs", 2_181_120],
      ["Student visa fee", 83_840],
      ["Immigration Health Surcharge", 124_160],
      ["Flight from Dhaka (one way)", null],
    ]);
    expect(cost.totalBdt).toBe(3_200_000 + ukExtras);
    expect(cost.missing).toEqual(["Flight from Dhaka (one way)"]);
    expect(cost.bankBalance).toMatchObject({ amount: 10_224, taka: 1_635_840 });
  });

  test("an unknown tuition is a named line, and the total of the rest is still given", () => {
    const cost = firstYearCost(noFees, uk, rates, "bachelor");
    expect(cost.lines[0]).toMatchObject({ label: "Tuition (first year)", amount: null, taka: null });
    expect(cost.totalBdt).toBe(ukExtras);
    expect(cost.missing).toContain("Tuition (first year)");
  });

  test("a currency without a taka rate keeps its own figure and stays out of the total, never as ৳0", () => {
    const cost = firstYearCost(
      { ...noFees, country: "Malaysia", tuitionAmount: 30_000, tuitionCurrency: "MYR", tuitionYear: 2025 },
      undefined,
      rates,
      "bachelor",
    );
    expect(cost.lines[0]).toMatchObject({ amount: 30_000, currency: "MYR", taka: null });
    expect(cost.totalBdt).toBeNull();
    expect(cost.missing).toContain("Tuition (first year)");
  });

  test("Germany: a published zero tuition is a line of 0, and the semester contribution is its own line", () => {
    const cost = firstYearCost(
      {
        ...noFees,
        country: "Germany",
        tuitionAmount: 0,
        tuitionCurrency: "EUR",
        tuitionYear: 2025,
        yearlyFeesAmount: 652,
        yearlyFeesCurrency: "EUR",
        yearlyFeesYear: 2025,
        yearlyFeesLabel: "Semester contribution (2 semesters)",
      },
      germany,
      rates,
      "bachelor",
    );
    expect(cost.lines[0]).toMatchObject({ amount: 0, taka: 0 });
    expect(cost.lines[1]).toMatchObject({ label: "Semester contribution (2 semesters)", taka: 91_280 });
    expect(cost.missing).toEqual([]);
    expect(cost.totalBdt).toBe(91_280 + 1_666_560 + 10_500 + 242_340 + 95_000);
  });

  test("Germany: a Baden-Württemberg university's EUR 3,000 for non-EU students counts like any tuition", () => {
    const cost = firstYearCost(
      { ...noFees, country: "Germany", tuitionAmount: 3_000, tuitionCurrency: "EUR", tuitionYear: 2025 },
      germany,
      rates,
      "bachelor",
    );
    expect(cost.lines[0]?.taka).toBe(420_000);
  });

  test("Finland: non-EU tuition in euros, and a master's student is priced with the master's tuition", () => {
    const university = {
      ...noFees,
      country: "Finland",
      tuitionAmount: 12_000,
      tuitionCurrency: "EUR",
      tuitionYear: 2025,
      mastersTuitionAmount: 15_000,
      mastersTuitionCurrency: "EUR",
      mastersTuitionYear: 2025,
    };
    expect(firstYearCost(university, undefined, rates, "bachelor").lines[0]?.taka).toBe(1_680_000);
    const masters = firstYearCost(university, undefined, rates, "masters");
    expect(masters.lines[0]).toMatchObject({ label: "Tuition, taught master's (first year)", taka: 2_100_000 });
  });

  test("SEVIS appears only where it applies; the application fee is its own line", () => {
    const cost = firstYearCost(
      { ...noFees, country: "United States", applicationFeeAmount: 75, applicationFeeCurrency: "USD", applicationFeeYear: 2025 },
      usa,
      rates,
      "bachelor",
    );
    expect(cost.lines.map((line) => line.label)).toEqual([
      "Tuition (first year)",
      "Application fee",
      "Living costs (one year)",
      "F-1 visa fee",
      "Health cover (one year)",
      "SEVIS I-901 fee",
      "Flight from Dhaka (one way)",
    ]);
    expect(firstYearCost(noFees, uk, rates, "bachelor").lines.some((line) => line.label.includes("SEVIS"))).toBe(false);
  });

  test("the finder's per-country costs add the same lines the table does", () => {
    const extras = countryExtras(
      new Map([
        ["United Kingdom", uk],
        ["United States", usa],
      ]),
      rates,
    );
    expect(extras["United Kingdom"]).toEqual({ extraBdt: ukExtras, livingKnown: true });
    expect(extras["United States"]).toEqual({ extraBdt: 185 * 120 + 350 * 120, livingKnown: false });
  });
});

describe("fit", () => {
  const tuition = (amount: number | null, currency = "GBP") => ({
    ...noFees,
    tuitionAmount: amount,
    tuitionCurrency: amount === null ? null : currency,
    tuitionYear: 2025,
  });
  type Case = {
    name: string;
    minimum: number | null;
    university: CostUniversity;
    country: CountryCosts | undefined;
    student: Partial<FitStudent>;
    ielts: "met" | "failed" | "unknown";
    budget: "met" | "failed" | "unknown";
    reasons: RegExp[];
  };
  const twenty = 3_200_000 + ukExtras; // a GBP 20,000 tuition in the UK: ৳55.9 lakh in all
  const cases: Case[] = [
    {
      name: "IELTS above the minimum",
      minimum: 6,
      university: tuition(20_000),
      country: uk,
      student: { ielts: 6.5 },
      ielts: "met",
      budget: "unknown",
      reasons: [/^Your IELTS 6\.5 meets the 6\.0 minimum$/],
    },
    {
      name: "IELTS equal to the minimum",
      minimum: 6.5,
      university: tuition(20_000),
      country: uk,
      student: { ielts: 6.5 },
      ielts: "met",
      budget: "unknown",
      reasons: [/meets the 6\.5 minimum/],
    },
    {
      name: "IELTS half a band below",
      minimum: 7,
      university: tuition(20_000),
      country: uk,
      student: { ielts: 6.5 },
      ielts: "failed",
      budget: "unknown",
      reasons: [/^Your IELTS 6\.5 is below the 7\.0 minimum$/],
    },
    {
      name: "no published minimum",
      minimum: null,
      university: tuition(20_000),
      country: uk,
      student: { ielts: 6.5 },
      ielts: "unknown",
      budget: "unknown",
      reasons: [/^No published IELTS minimum$/],
    },
    {
      name: "no IELTS given: the minimum is stated, not judged",
      minimum: 6,
      university: tuition(20_000),
      country: uk,
      student: {},
      ielts: "unknown",
      budget: "unknown",
      reasons: [/^Asks for IELTS 6\.0 or more$/],
    },
    {
      name: "within budget",
      minimum: null,
      university: tuition(20_000),
      country: uk,
      student: { budgetBdt: 6_000_000 },
      ielts: "unknown",
      budget: "met",
      reasons: [/^About ৳56 lakh for the first year, not counting flight from Dhaka$/, /^Within your budget of ৳60 lakh$/],
    },
    {
      name: "exactly the budget",
      minimum: null,
      university: tuition(20_000),
      country: uk,
      student: { budgetBdt: twenty },
      ielts: "unknown",
      budget: "met",
      reasons: [/Within your budget/],
    },
    {
      name: "one taka over",
      minimum: null,
      university: tuition(20_000),
      country: uk,
      student: { budgetBdt: twenty - 1 },
      ielts: "unknown",
      budget: "failed",
      reasons: [/^৳1 over your budget of ৳56 lakh$/],
    },
    {
      name: "lakhs over",
      minimum: null,
      university: tuition(20_000),
      country: uk,
      student: { budgetBdt: 5_000_000 },
      ielts: "unknown",
      budget: "failed",
      reasons: [/^About ৳56 lakh for the first year/, /^৳5\.9 lakh over your budget of ৳50 lakh$/],
    },
    {
      name: "unknown tuition, the rest fits",
      minimum: null,
      university: tuition(null),
      country: uk,
      student: { budgetBdt: 5_000_000 },
      ielts: "unknown",
      budget: "unknown",
      reasons: [
        /^Tuition not published; the other first-year costs come to about ৳24 lakh$/,
        /^Cannot tell yet whether it fits your budget of ৳50 lakh$/,
      ],
    },
    {
      name: "unknown tuition, the rest alone is over",
      minimum: null,
      university: tuition(null),
      country: uk,
      student: { budgetBdt: 2_000_000 },
      ielts: "unknown",
      budget: "failed",
      reasons: [/over your budget of ৳20 lakh/],
    },
    {
      name: "no living costs known: cannot be met",
      minimum: null,
      university: { ...tuition(10_000, "USD"), country: "United States" },
      country: usa,
      student: { budgetBdt: 9_000_000 },
      ielts: "unknown",
      budget: "unknown",
      reasons: [/not counting living costs, health cover, flight from Dhaka$/, /Cannot tell yet/],
    },
    {
      name: "no living costs known but the known costs are over",
      minimum: null,
      university: { ...tuition(60_000, "USD"), country: "United States" },
      country: usa,
      student: { budgetBdt: 5_000_000 },
      ielts: "unknown",
      budget: "failed",
      reasons: [/over your budget/],
    },
    {
      name: "no budget given",
      minimum: null,
      university: tuition(20_000),
      country: uk,
      student: {},
      ielts: "unknown",
      budget: "unknown",
      reasons: [/^About ৳56 lakh for the first year/],
    },
    {
      name: "Germany, no tuition fee, within budget",
      minimum: 6.5,
      university: { ...tuition(0, "EUR"), country: "Germany" },
      country: germany,
      student: { ielts: 7, budgetBdt: 2_500_000 },
      ielts: "met",
      budget: "met",
      reasons: [/meets/, /^About ৳20 lakh for the first year$/, /Within your budget of ৳25 lakh/],
    },
    {
      name: "both met",
      minimum: 6,
      university: tuition(20_000),
      country: uk,
      student: { ielts: 7.5, budgetBdt: 8_000_000 },
      ielts: "met",
      budget: "met",
      reasons: [/meets/, /Within/],
    },
    {
      name: "both failed",
      minimum: 7,
      university: tuition(20_000),
      country: uk,
      student: { ielts: 5.5, budgetBdt: 1_000_000 },
      ielts: "failed",
      budget: "failed",
      reasons: [/below/, /over/],
    },
    {
      name: "a currency without a rate: tuition unknown in taka",
      minimum: null,
      university: { ...tuition(30_000, "MYR"), country: "Malaysia" },
      country: undefined,
      student: { budgetBdt: 3_000_000 },
      ielts: "unknown",
      budget: "unknown",
      reasons: [/^Tuition not published$/, /Cannot tell yet/],
    },
    {
      name: "a master's student with no master's tuition",
      minimum: 6.5,
      university: tuition(20_000),
      country: uk,
      student: { ielts: 6.5, budgetBdt: 9_000_000, level: "masters" },
      ielts: "met",
      budget: "unknown",
      reasons: [/meets/, /^Master's tuition not published; the other first-year costs come to about ৳24 lakh$/],
    },
    {
      name: "a master's student priced with the master's tuition",
      minimum: null,
      university: { ...tuition(20_000), mastersTuitionAmount: 30_000, mastersTuitionCurrency: "GBP", mastersTuitionYear: 2025 },
      country: uk,
      student: { budgetBdt: 6_000_000, level: "masters" },
      ielts: "unknown",
      budget: "failed",
      reasons: [/^About ৳72 lakh/, /over your budget of ৳60 lakh/],
    },
    {
      name: "crore budgets read as crore",
      minimum: null,
      university: tuition(20_000),
      country: uk,
      student: { budgetBdt: 12_000_000 },
      ielts: "unknown",
      budget: "met",
      reasons: [/Within your budget of ৳1\.2 crore/],
    },
  ];

  test.each(cases)("$name", ({ minimum, university, country, student, ielts, budget, reasons }) => {
    const who: FitStudent = { ielts: null, budgetBdt: null, level: "bachelor" as StudyLevel, ...student };
    const fit = fitOf(minimum, firstYearCost(university, country, rates, who.level), who);
    expect({ ielts: fit.ielts, budget: fit.budget }).toEqual({ ielts, budget });
    // Always a line on IELTS and one on the cost; a third on the budget when one is given.
    expect(fit.reasons).toHaveLength(who.budgetBdt === null ? 2 : 3);
    for (const reason of reasons) expect(fit.reasons.map((entry) => entry.text)).toContainEqual(expect.stringMatching(reason));
  });

  test("ranks by requirements not met, then by requirements met", () => {
    expect(fitRank({ ielts: "met", budget: "met" })).toEqual([0, 2]);
    expect(fitRank({ ielts: "met", budget: "unknown" })).toEqual([0, 1]);
    expect(fitRank({ ielts: "failed", budget: "met" })).toEqual([1, 1]);
    expect(fitRank({ ielts: "failed", budget: "failed" })).toEqual([2, 0]);
  });

  test("taka reads as a family says it", () => {
    expect([formatLakh(85_000), formatLakh(640_000), formatLakh(3_100_000), formatLakh(12_000_000)]).toEqual([
      "৳85,000",
      "৳6.4 lakh",
      "৳31 lakh",
      "৳1.2 crore",
    ]);
  });
});
