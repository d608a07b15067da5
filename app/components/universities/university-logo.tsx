import { paletteFor } from "~/components/ui/avatar";
import { cn } from "~/lib/cn";

const minorWords = new Set(["of", "and", "the", "at", "for", "in", "de", "&"]);

/**
 * A university's mark when it has no logo of its own: the initials of its significant words, or
 * its acronym ("Queen's University Belfast" → QUB, "UNSW Sydney" → UNSW), at most four letters.
 */
export function universityMark(name: string): string {
  const words = name.split(/[\s,]+/).filter((word) => word && !minorWords.has(word.toLowerCase()));
  const acronym = words.find((word) => /^[A-Z]{2,5}$/.test(word));
  if (acronym) return acronym.slice(0, 4);
  return (
    words
      .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? "")
      .join("")
      .slice(0, 3) || "?"
  );
}

const sizes = { md: "size-14 text-base", lg: "size-20 text-xl" } as const;

/** The uploaded logo, or a generated mark (initials on a colour of the university's own). */
export function UniversityLogo({ name, src, size = "md" }: { name: string; src: string | null; size?: keyof typeof sizes }) {
  const look = cn("inline-flex shrink-0 items-center justify-center rounded-card font-bold tracking-tight", sizes[size]);
  if (src)
    return (
      <img src={src} alt="" className={cn(look, "bg-white object-contain p-1 ring-1 ring-slate-200")} loading="lazy" decoding="async" />
    );
  return (
    <span className={cn(look, paletteFor(name))} aria-hidden="true">
      {universityMark(name)}
    </span>
  );
}
