import { Page } from "~/components/layout/page";
import { TextSections } from "~/components/public/text-sections";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { m } from "~/paraglide/messages";
import { contentIn } from "../../../content/by-locale";
import type { Route } from "./+types/privacy";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export function loader() {
  return { sections: contentIn().privacy };
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return (
    <Page title={m.pages_privacy_title()}>
      <TextSections sections={loaderData.sections} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/privacy",
    title: m.pages_privacy_title(),
    description: m.pages_privacy_meta_description(),
  });
