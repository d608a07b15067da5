import { type SiteSettings, telHref } from "~/lib/site-settings";
import { LinkButton } from "../ui/button";

/** The shared call to action under every guide: apply, or talk to us first. */
export function ApplyOrBook({ bookingUrl }: { bookingUrl: string | undefined }) {
  return (
    <section aria-labelledby="next-step-title" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="next-step-title" className="text-2xl font-bold">
          Ready for the next step?
        </h2>
        <p className="mt-2 max-w-2xl text-brand-50">
          Apply with your documents, or book a call with a consultant who will check your plan before you pay any fees.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <LinkButton href="/apply" variant="secondary">
            Apply Now
          </LinkButton>
          {bookingUrl ? (
            <LinkButton href={bookingUrl} target="_blank" rel="noopener noreferrer" variant="secondary">
              Book a Call<span className="sr-only"> (opens in a new tab)</span>
            </LinkButton>
          ) : (
            <LinkButton href="/book-appointment" variant="secondary">
              Book Appointment
            </LinkButton>
          )}
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
        E-mail{" "}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${settings.contactEmail}`}>
          {settings.contactEmail}
        </a>
        {settings.contactPhone ? (
          <>
            , call{" "}
            <a className="font-semibold text-brand-700 underline" href={telHref(settings.contactPhone)}>
              {settings.contactPhone}
            </a>{" "}
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
