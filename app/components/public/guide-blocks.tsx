import type { ButtonVariant } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { localizedPath } from "~/lib/locale";
import { applyNow, type NextStep, talkToUs } from "~/lib/next-steps";
import { m } from "~/paraglide/messages";
import { LinkButton } from "../ui/button";

/** A call to action as a button; an external one says it opens a new tab. */
export function NextStepButton({ step, variant }: { step: NextStep; variant?: ButtonVariant }) {
  return step.external ? (
    <LinkButton href={step.href} target="_blank" rel="noopener noreferrer" variant={variant}>
      {step.label}
      <span className="sr-only"> {m.public_new_tab()}</span>
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
          {m.public_next_step_title()}
        </h2>
        <p className="mt-2 max-w-2xl text-brand-50">{m.public_next_step_text()}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {steps.map((step) => (
            <NextStepButton key={step.href} step={step} variant="inverse" />
          ))}
        </div>
      </div>
    </section>
  );
}

/** The IELTS classes' two calls to action: book the free class, or read about the course. */
export function IeltsActions({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      <LinkButton href={bookFreeClassHref()}>{m.public_ielts_book_free_class()}</LinkButton>
      <LinkButton href={localizedPath("/ielts-details")} variant="secondary">
        {m.public_ielts_more_details()}
      </LinkButton>
    </div>
  );
}

/** "Book Free Class" opens the contact form with the request already written, in the page's language. */
function bookFreeClassHref(): string {
  return localizedPath(`/contact?${new URLSearchParams({ message: m.public_ielts_book_free_class_message() })}`);
}
