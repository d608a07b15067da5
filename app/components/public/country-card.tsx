import { cn } from "~/lib/cn";
import { localizedPath } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { TextLink } from "../ui/text-link";

export type CountrySummary = {
  id: string;
  title: string;
  status: "launched" | "upcoming";
  summary: string;
  image: { src: string; alt: string };
};

/** A guide's status as a badge says it, in the page's language (read when rendered). */
export const countryStatusLabel: Readonly<Record<CountrySummary["status"], string>> = {
  get launched() {
    return m.public_country_status_launched();
  },
  get upcoming() {
    return m.public_country_status_upcoming();
  },
};

/** A country's flag framed in white on the dotted-route pattern (public/images/patterns/routes.svg). */
export function FlagOnPattern({
  image,
  loading,
  fetchPriority,
  className,
  imageClassName,
}: {
  image: CountrySummary["image"];
  loading?: "lazy";
  fetchPriority?: "high";
  className?: string;
  imageClassName?: string;
}) {
  return (
    <div className={cn("country-pattern bg-brand-50", className)}>
      <img
        src={image.src}
        alt={image.alt}
        width={320}
        height={200}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={cn("aspect-[8/5] w-full rounded-md bg-white object-contain p-2 shadow-card", imageClassName)}
      />
    </div>
  );
}

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
      <FlagOnPattern
        image={country.image}
        loading={lazy ? "lazy" : undefined}
        className="border-b border-slate-200 p-4 sm:p-5"
        imageClassName="mx-auto max-w-40 sm:max-w-56"
      />
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-center justify-between gap-2">
          <Heading className="text-lg font-semibold text-slate-900">{country.title}</Heading>
          <Badge tone={country.status === "launched" ? "success" : "warning"}>{countryStatusLabel[country.status]}</Badge>
        </div>
        <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-700">{country.summary}</p>
        <TextLink href={localizedPath(`/countries/${country.id}`)} className="mt-4 underline-offset-2 hover:text-brand-900">
          {m.public_country_read_guide({ country: country.title })}
        </TextLink>
      </div>
    </Card>
  );
}
