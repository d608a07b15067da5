import { Page } from "~/components/layout/page";
import { TextSections } from "~/components/public/text-sections";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { terms } from "../../../content/site";
import type { Route } from "./+types/terms";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export function loader() {
  return { sections: terms };
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="Terms of service">
      <TextSections sections={loaderData.sections} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/terms",
    title: "Terms of service",
    description:
      "The terms for using Onward's website and study-abroad services, including the one-year support guarantee and its refund rules.",
  });
