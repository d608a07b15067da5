import { Section } from "~/components/public/section";
import { LinkButton } from "~/components/ui/button";
import { bookFreeClassHref } from "~/lib/book-free-class";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { skillsPage } from "../../../content/skills";
import type { Route } from "./+types/skills";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export function loader() {
  return { page: skillsPage };
}

export default function SkillsPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700">{page.intro}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton href={bookFreeClassHref}>Book Free Class</LinkButton>
            <LinkButton href="/ielts-details" variant="secondary">
              More Details
            </LinkButton>
          </div>
        </div>
      </section>
      <Section id="courses" title="Skills we teach">
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
    title: "Skills for studying abroad",
    description:
      "IELTS preparation, academic and SOP writing, spoken English, CV and interview practice and basic computing: short courses that prepare you to study abroad.",
  });
