import { expect, test } from "vitest";
import { tuitionView } from "./card-view";
import type { TakaRates } from "./schema";

const rates = { USD: 122, GBP: 160, EUR: 0 } as unknown as TakaRates;

test("a fee is shown in its currency, about so much in taka, and the academic year it is for", () => {
  expect(tuitionView({ tuitionAmount: 42_954, tuitionCurrency: "USD", tuitionYear: 2022 }, rates)).toEqual({
    original: "USD 42,954",
    taka: "≈ BDT 5,240,000",
    year: 2022,
  });
});

test("a published zero is 'No tuition fee' with no taka figure; an unknown fee is no view at all", () => {
  expect(tuitionView({ tuitionAmount: 0, tuitionCurrency: "EUR", tuitionYear: 2025 }, rates)).toEqual({
    original: "No tuition fee",
    taka: null,
    year: 2025,
  });
  expect(tuitionView({ tuitionAmount: null, tuitionCurrency: null, tuitionYear: null }, rates)).toBeNull();
});

test("a currency without a taka rate keeps its own figure and says so, never ≈ BDT 0", () => {
  expect(tuitionView({ tuitionAmount: 8_000, tuitionCurrency: "EUR", tuitionYear: 2024 }, rates)?.taka).toBe("no taka rate set");
});
