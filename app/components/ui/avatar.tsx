import { cn } from "~/lib/cn";

/** Background and text pairs that keep AA contrast; a name always gets the same one (paletteFor). */
const palette = [
  "bg-brand-100 text-brand-800",
  "bg-accent-100 text-accent-700",
  "bg-emerald-100 text-emerald-800",
  "bg-rose-100 text-rose-800",
  "bg-violet-100 text-violet-800",
  "bg-sky-100 text-sky-800",
] as const;

/** Up to two letters: the first of the first and of the last word ("Nusrat Jahan" → "NJ", "Rafi" → "R"). */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? "")
    .filter(Boolean);
  if (letters.length === 0) return "?";
  return letters.length === 1 ? letters.join("") : `${letters[0]}${letters.at(-1)}`;
}

export function paletteFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palette[hash % palette.length] ?? palette[0];
}

const sizes = { md: "size-12 text-base", lg: "size-16 text-xl" } as const;

/** A person's photo, or their initials on a colour of their own when there is none. */
export function Avatar({
  name,
  src,
  size = "md",
  className,
}: {
  name: string;
  src?: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const look = cn("inline-flex shrink-0 items-center justify-center rounded-full font-semibold", sizes[size], className);
  if (src) return <img src={src} alt="" className={cn(look, "object-cover")} loading="lazy" decoding="async" />;
  return (
    <span className={cn(look, paletteFor(name))} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
