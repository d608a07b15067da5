import type { ButtonVariant } from "~/components/ui/button";
import { bookFreeClassHref } from "~/lib/book-free-class";
import { cn } from "~/lib/cn";
import { applyNow, type NextStep, talkToUs } from "~/lib/next-steps";
import { type SiteSettings, telHref } from "~/lib/site-settings";
import { LinkButton } from "../ui/button";
import { TextLink } from "../ui/text-link";

/** A call to action as a button; an external one says it opens a new tab. */
export function NextStepButton({ step, variant }: { step: NextStep; variant?: ButtonVariant }) {
  return step.external ? (
    <LinkButton href={step.href} target="_blank" rel="noopener noreferrer" variant={variant}>
      {step.label}
      <span className="sr-only"> (opens in a new tab)</span>
    </LinkButton>
  ) : (
    <LinkButton href={step.href} variant={variant}>
      {step.label}
    </LinkButton>
  );
}

/** The shared call to action under every guide: apply, or talk to us first. */
export function ApplyOrBook({ bookingUrl }: { bookingUrl: string | undefined }) {
  const steps = [applyNow, talkToUs(bookingUrl)];
  return (
    <section aria-labelledby="next-step-title" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="next-step-title" className="text-2xl font-bold">
          Ready for the next step?
        </h2>
        <p className="mt-2 max-w-2xl text-brand-50">
          Talk to a consultant who will check your plan before you pay any fees, then apply with your documents.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {steps.map((step) => (
            <NextStepButton key={step.href} step={step} variant="inverse" />
          ))}
        </div>
      </div>
    </section>
  );
}

/** The shared contact block: how to reach us. */
export function ContactBlock({ settings }: { settings: SiteSettings }) {
  return (
    <section aria-labelledby="contact-block-title" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="contact-block-title" className="text-2xl font-bold text-slate-900">
        Questions? Talk to us
      </h2>
      <p className="mt-2 text-slate-700">
        E-mail <TextLink href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</TextLink>
        {settings.contactPhone ? (
          <>
            , call <TextLink href={telHref(settings.contactPhone)}>{settings.contactPhone}</TextLink>{" "}
          </>
        ) : (
          " "
        )}
        or visit us in {settings.city}, {settings.country}.
      </p>
      <p className="mt-4">
        <LinkButton href="/contact">Send us a message</LinkButton>
      </p>
    </section>
  );
}

/** The IELTS classes' two calls to action: book the free class, or read about the course. */
export function IeltsActions({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      <LinkButton href={bookFreeClassHref}>Book Free Class</LinkButton>
      <LinkButton href="/ielts-details" variant="secondary">
        More Details
      </LinkButton>
    </div>
  );
}

/** Short headed texts as bordered cards, three to a row on a laptop (reasons, benefits). */
export function TitledCards({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.title} className="rounded-lg border border-slate-200 p-5">
          <h3 className="font-semibold text-slate-900">{item.title}</h3>
          <p className="mt-2 text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
