import { NotYetAvailable, Page } from "~/components/layout/page";
import { sharedPage } from "~/lib/page-cache";
import type { Route } from "./+types/university";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export const meta: Route.MetaFunction = () => [{ title: "University — Onward" }];

export default function UniversityPage() {
  return (
    <Page title="University">
      <NotYetAvailable what="University details" />
    </Page>
  );
}
