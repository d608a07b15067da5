import { groupThousands } from "./numbers";

/** "USD 10,000" — an amount in its own currency, whole units, grouped for reading. */
export function formatMoney(amount: number, currency: string): string {
  return `${currency} ${groupThousands(Math.round(amount))}`;
}

/** "≈ BDT 1,220,000": an amount converted to taka at `rate`, rounded to the thousand (rates are indicative). */
export function formatTaka(amount: number, rate: number): string {
  return `≈ BDT ${groupThousands(Math.round((amount * rate) / 1000) * 1000)}`;
}

/** An academic year by the year it starts in, as universities write it: 2025 → "2025/26". */
export function academicYear(startYear: number): string {
  return `${startYear}/${String((startYear + 1) % 100).padStart(2, "0")}`;
}
