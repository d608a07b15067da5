import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "~/lib/site-settings";
import type { loader as rootLoader } from "../../root";

/** The site settings the root loader read for this request. */
export function useSiteSettings(): SiteSettings {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useSiteSettings needs the root loader's data");
  return data.settings;
}
