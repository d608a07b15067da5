import { tuitionCurrencies } from "~/lib/universities";
import { readSettingValues, settingDefault } from "../settings/site-settings";
import type { TakaRates } from "./schema";

/** Taka per unit of each tuition currency, from the site settings (`rates.USD`…), or the default in code where none is set. */
export async function getTakaRates(): Promise<TakaRates> {
  const values = await readSettingValues();
  return Object.fromEntries(
    tuitionCurrencies.map((currency) => {
      const key = `rates.${currency}` as const;
      const rate = Number(values[key] || settingDefault(key));
      return [currency, Number.isFinite(rate) && rate > 0 ? rate : 0];
    }),
  ) as TakaRates;
}
