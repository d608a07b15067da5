/** "USD 10,000" — an amount in its own currency, whole units, grouped for reading. */
export function formatMoney(amount: number, currency: string): string {
  return `${currency} ${Math.round(amount).toLocaleString("en")}`;
}

/** "≈ BDT 1,220,000": an amount converted to taka at `rate`, rounded to the thousand (rates are indicative). */
export function formatTaka(amount: number, rate: number): string {
  return `≈ BDT ${(Math.round((amount * rate) / 1000) * 1000).toLocaleString("en")}`;
}
