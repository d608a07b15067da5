import { Page } from "~/components/layout/page";
import { TextSections } from "~/components/public/text-sections";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { privacy } from "../../../content/site";
import type { Route } from "./+types/privacy";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export function loader() {
  return { sections: privacy };
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="Privacy policy">
      <TextSections sections={loaderData.sections} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/privacy",
    title: "Privacy policy",
    description:
      "What personal information Onward collects, including identity documents, why, who can see it, how long we keep it and how to ask for deletion.",
  });
