import { Badge } from "../ui/badge";
import { Card } from "../ui/card";

export type CountrySummary = {
  id: string;
  title: string;
  status: "launched" | "upcoming";
  summary: string;
  image: { src: string; alt: string };
};

export const countryStatusLabel = { launched: "Launched", upcoming: "Upcoming" } as const;

/** A country guide in a grid: flag, name, status and a link to the guide. */
export function CountryCard({
  country,
  lazy = true,
  headingLevel = 3,
}: {
  country: CountrySummary;
  lazy?: boolean;
  /** The card's title level: 2 where the cards are the page's sections, 3 under a section heading. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="country-pattern border-b border-slate-200 bg-brand-50 p-4 sm:p-5">
        <img
          src={country.image.src}
          alt={country.image.alt}
          width={320}
          height={200}
          loading={lazy ? "lazy" : undefined}
          decoding="async"
          className="mx-auto aspect-[8/5] w-full max-w-40 rounded-md bg-white object-contain p-2 shadow-card sm:max-w-56"
        />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-center justify-between gap-2">
          <Heading className="text-lg font-semibold text-slate-900">{country.title}</Heading>
          <Badge tone={country.status === "launched" ? "success" : "warning"}>{countryStatusLabel[country.status]}</Badge>
        </div>
        <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-700">{country.summary}</p>
        <a
          href={`/countries/${country.id}`}
          className="mt-4 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Read the {country.title} guide
        </a>
      </div>
    </Card>
  );
}
