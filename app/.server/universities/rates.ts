import { tuitionCurrencies } from "~/lib/universities";
import { readSettingValues } from "../settings/site-settings";
import type { TakaRates } from "./schema";

/** Taka per unit of each tuition currency, from the site settings (`rates.USD`…; defaults in code). */
export async function getTakaRates(): Promise<TakaRates> {
  const values = await readSettingValues();
  return Object.fromEntries(
    tuitionCurrencies.map((currency) => {
      const rate = Number(values[`rates.${currency}`]);
      return [currency, Number.isFinite(rate) && rate > 0 ? rate : 0];
    }),
  ) as TakaRates;
}
