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
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <img
        src={country.image.src}
        alt={country.image.alt}
        width={320}
        height={200}
        loading={lazy ? "lazy" : undefined}
        decoding="async"
        className="aspect-[8/5] w-full border-b border-slate-200 bg-slate-50 object-contain p-4"
      />
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-center justify-between gap-2">
          <Heading className="text-lg font-semibold text-slate-900">{country.title}</Heading>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
              country.status === "launched" ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"
            }`}
          >
            {countryStatusLabel[country.status]}
          </span>
        </div>
        <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-700">{country.summary}</p>
        <a
          href={`/countries/${country.id}`}
          className="mt-4 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Read the {country.title} guide
        </a>
      </div>
    </article>
  );
}
