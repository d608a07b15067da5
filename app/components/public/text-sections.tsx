import type { ContentSection } from "../../../content/site";

/** Headed paragraphs: the body of the about, privacy and terms pages. */
export function TextSections({ sections }: { sections: ContentSection[] }) {
  return (
    <div className="grid max-w-3xl gap-8">
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 className="text-xl font-bold text-slate-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
