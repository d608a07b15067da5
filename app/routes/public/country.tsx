import { Wallet as CostsIcon, FileText as DocumentIcon, ListChecks as ProcessIcon, Landmark as SponsorIcon } from "lucide";
import type { ReactNode } from "react";
import { data } from "react-router";
import { PageTitle } from "~/components/layout/page";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { CostTable } from "~/components/public/cost-table";
import { countryStatusLabel, FlagOnPattern } from "~/components/public/country-card";
import { DocumentList } from "~/components/public/document-list";
import { NextStepButton } from "~/components/public/guide-blocks";
import { Badge } from "~/components/ui/badge";
import { type IconNode, IconTile } from "~/components/ui/icons";
import { TextLink } from "~/components/ui/text-link";
import { applyNow, findUniversity, talkToUs } from "~/lib/next-steps";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { m } from "~/paraglide/messages";
import { findCountryGuide } from "../../../content/by-locale";
import type { Route } from "./+types/country";

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export function loader({ params }: Route.LoaderArgs) {
  const guide = findCountryGuide(params.id);
  if (!guide) throw data(null, { status: 404 });
  return { guide };
}

export default function CountryPage({ loaderData }: Route.ComponentProps) {
  const { guide } = loaderData;
  const settings = useSiteSettings();
  return (
    <article className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        {/* The first thing a phone shows: its flag is fetched with the page. */}
        <FlagOnPattern
          image={guide.image}
          fetchPriority="high"
          className="w-full max-w-xs shrink-0 rounded-card border border-slate-200 p-5"
        />
        <div>
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
            {m.pages_country_eyebrow()}{" "}
            <Badge tone={guide.status === "launched" ? "success" : "warning"}>{countryStatusLabel[guide.status]}</Badge>
          </p>
          <PageTitle className="mt-1">{guide.title}</PageTitle>
          <p className="mt-3 text-lg text-slate-700">{guide.summary}</p>
        </div>
      </div>

      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <IconSection id="papers-title" icon={DocumentIcon} title={m.pages_country_papers()}>
          <DocumentList documents={guide.paperRequirements} />
        </IconSection>
        <IconSection id="sponsor-title" icon={SponsorIcon} title={m.pages_country_sponsor_documents()}>
          {guide.sponsorDocs.length > 0 ? (
            <DocumentList documents={guide.sponsorDocs} testId="sponsor-documents" />
          ) : (
            <p className="mt-3 text-slate-700">{m.pages_country_sponsor_not_needed()}</p>
          )}
        </IconSection>
      </div>

      <IconSection id="process-title" icon={ProcessIcon} title={m.pages_process()} className="mt-10">
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          {guide.process.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </IconSection>

      <IconSection id="costs-title" icon={CostsIcon} title={m.pages_costs()} className="mt-10">
        <CostTable place={guide.title} costs={guide.costs} className="mt-3" />
      </IconSection>

      <section aria-labelledby="reminder-title" className="mt-10 rounded-lg border-l-4 border-brand-700 bg-brand-50 p-5">
        <h2 id="reminder-title" className="text-lg font-bold text-slate-900">
          {m.pages_country_reminder()}
        </h2>
        <p className="mt-2 text-slate-800">{guide.reminder}</p>
      </section>

      {guide.video ? (
        <p className="mt-6">
          <TextLink href={guide.video.url} external>
            {guide.video.title}
            <span className="sr-only"> {m.pages_new_tab()}</span>
          </TextLink>
        </p>
      ) : null}

      <div className="mt-10 flex flex-wrap gap-3">
        {[applyNow, findUniversity, talkToUs(settings.bookingUrl)].map((step, index) => (
          <NextStepButton key={step.href} step={step} variant={index === 0 ? "primary" : "secondary"} />
        ))}
      </div>
    </article>
  );
}

/** A part of the guide under its h2, which carries its icon and names the part for screen readers through `id`. */
function IconSection({
  id,
  icon,
  title,
  className,
  children,
}: {
  id: string;
  icon: IconNode;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="flex items-center gap-3 text-xl font-bold text-slate-900">
        <IconTile icon={icon} />
        {title}
      </h2>
      {children}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  loaderData
    ? pageMeta({
        matches,
        path: `/countries/${params.id}`,
        title: m.pages_country_meta_title({ country: loaderData.guide.title }),
        description: m.pages_country_meta_description({ country: loaderData.guide.title }),
      })
    : [{ title: m.pages_not_found_title() }];
