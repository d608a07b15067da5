import { NotYetAvailable, Page } from "~/components/layout/page";
import { sharedPage } from "~/lib/page-cache";
import type { Route } from "./+types/find-university";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export const meta: Route.MetaFunction = () => [{ title: "Find Your Dream University — Onward" }];

export default function FindUniversityPage() {
  return (
    <Page title="Find Your Dream University">
      <NotYetAvailable what="The university finder" />
    </Page>
  );
}
