import { Link } from "react-router";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Onward — Move Student To Their Dream Country" },
  {
    name: "description",
    content: "Counselling, course selection, visa guidance and IELTS classes for students in Bangladesh who want to study abroad.",
  },
];

export default function HomePage() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Move Student To Their Dream Country</h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-700">
          Onward guides students from Bangladesh through studying overseas: choosing a university, preparing documents, and securing the
          visa.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/apply" className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
            Apply Now
          </Link>
          <Link to="/countries" className="rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50">
            View All Countries
          </Link>
        </div>
      </div>
    </section>
  );
}
