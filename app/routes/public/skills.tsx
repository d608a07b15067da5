import { PageHero } from "~/components/layout/page";
import { IeltsActions } from "~/components/public/guide-blocks";
import { Section } from "~/components/public/section";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { m } from "~/paraglide/messages";
import { contentIn } from "../../../content/by-locale";
import type { Route } from "./+types/skills";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export function loader() {
  return { page: contentIn().skillsPage };
}

export default function SkillsPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <PageHero title={page.title} intro={page.intro}>
        <IeltsActions className="mt-8" />
      </PageHero>
      <Section id="courses" title={m.pages_skills_courses()}>
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {page.skills.map((skill) => (
            <li key={skill.id} className="rounded-lg border border-slate-200 p-5">
              <h3 className="text-lg font-semibold text-slate-900">{skill.title}</h3>
              <p className="mt-2 text-slate-700">{skill.text}</p>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
                {skill.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/skills",
    title: m.pages_skills_meta_title(),
    description: m.pages_skills_meta_description(),
  });
