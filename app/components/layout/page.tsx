import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A page's one h1: every page's title has this size and weight. */
export function PageTitle({ className, children }: { className?: string; children: ReactNode }) {
  return <h1 className={cn("text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl", className)}>{children}</h1>;
}

/** A page's heading and body in the site's content width. */
export function Page({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle>{title}</PageTitle>
      {intro ? <p className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}

const heroTones = {
  light: { band: "bg-gradient-to-b from-brand-50 to-white", title: undefined, intro: "text-slate-700" },
  dark: { band: "bg-brand-800 text-white", title: "text-inherit", intro: "text-brand-50" },
} as const;

/**
 * A guide's opening band, full width above its sections: the title, the intro and `children`
 * (its calls to action) in the content width.
 */
export function PageHero({
  title,
  intro,
  tone = "light",
  children,
}: {
  title: string;
  intro: string;
  tone?: keyof typeof heroTones;
  children?: ReactNode;
}) {
  const look = heroTones[tone];
  return (
    <section className={look.band}>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <PageTitle className={look.title}>{title}</PageTitle>
        <p className={cn("mt-4 max-w-3xl text-lg", look.intro)}>{intro}</p>
        {children}
      </div>
    </section>
  );
}
