import { Page } from "~/components/layout/page";
import { TextSections } from "~/components/public/text-sections";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { m } from "~/paraglide/messages";
import { contentIn } from "../../../content/by-locale";
import type { Route } from "./+types/terms";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export function loader() {
  return { sections: contentIn().terms };
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return (
    <Page title={m.pages_terms_title()}>
      <TextSections sections={loaderData.sections} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/terms",
    title: m.pages_terms_title(),
    description: m.pages_terms_meta_description(),
  });
