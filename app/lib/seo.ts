import type { MetaDescriptor } from "react-router";
import { getLocale, localizedPath, openGraphLocale } from "./locale";

export const SITE_NAME = "Onward";

type PageMetaOptions = {
  /** The root route's loader data is where the public origin (APP_URL) comes from. */
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  /** The page's path, e.g. "/countries/usa". */
  path: string;
  title: string;
  description: string;
  /** Pages that should not appear in search results (the staff inbox). */
  noIndex?: boolean;
};

/** The origin every absolute URL is built from, read from the root loader's data. */
export function appUrlFrom(matches: PageMetaOptions["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { appUrl?: string } | undefined;
  return root?.appUrl ?? "";
}

/** Title, description, canonical URL (the page in its own language) and Open Graph tags for one page. */
export function pageMeta({ matches, path, title, description, noIndex }: PageMetaOptions): MetaDescriptor[] {
  const url = `${appUrlFrom(matches)}${localizedPath(path)}`;
  const fullTitle = path === "/" ? title : `${title} | ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: openGraphLocale[getLocale()] },
    { name: "twitter:card", content: "summary" },
  ];
}
