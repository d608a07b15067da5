import { Page } from "~/components/layout/page";
import { TextSections } from "~/components/public/text-sections";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { m } from "~/paraglide/messages";
import { contentIn } from "../../../content/by-locale";
import type { Route } from "./+types/about";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export function loader() {
  return { about: contentIn().about };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  return (
    <Page title={about.title} intro={about.intro}>
      <TextSections sections={about.sections} />
      <section
        id="guarantee"
        aria-labelledby="guarantee-title"
        className="mt-10 max-w-3xl rounded-lg border-l-4 border-brand-700 bg-brand-50 p-6"
      >
        <h2 id="guarantee-title" className="text-xl font-bold text-slate-900">
          {about.guarantee.title}
        </h2>
        <p className="mt-3 text-slate-800">{about.guarantee.text}</p>
        <h3 className="mt-4 font-semibold text-slate-900">{m.pages_about_conditions()}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          {about.guarantee.conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="costs-title" className="mt-8 max-w-3xl">
        <h2 id="costs-title" className="text-xl font-bold text-slate-900">
          {about.costReduction.title}
        </h2>
        <p className="mt-3 text-slate-700">{about.costReduction.text}</p>
      </section>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/about",
    title: m.pages_about_meta_title(),
    description: m.pages_about_meta_description(),
  });
