import type { ReactNode } from "react";

/** A titled block of a public page; `id` doubles as the in-page anchor. */
export function Section({
  id,
  title,
  intro,
  children,
  tone = "plain",
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tone?: "plain" | "tinted";
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={tone === "tinted" ? "bg-brand-50" : undefined}>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-section">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
