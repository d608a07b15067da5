import { NotYetAvailable, Page } from "~/components/layout/page";
import type { Route } from "./+types/skills";

export const meta: Route.MetaFunction = () => [{ title: "Skills — Onward" }];

export default function SkillsPage() {
  return (
    <Page title="Skills">
      <NotYetAvailable what="The skills page" />
    </Page>
  );
}
