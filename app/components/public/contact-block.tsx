import { withElements } from "~/components/ui/rich-message";
import { localizedPath } from "~/lib/locale";
import { type SiteSettings, telHref } from "~/lib/site-settings";
import { m } from "~/paraglide/messages";
import { LinkButton } from "../ui/button";
import { TextLink } from "../ui/text-link";

// Its own module (not guide-blocks.tsx), so that a page showing only this block loads only it.

/** The shared contact block: how to reach us. */
export function ContactBlock({ settings }: { settings: SiteSettings }) {
  const email = <TextLink href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</TextLink>;
  const place = { city: settings.city, country: settings.country };
  return (
    <section aria-labelledby="contact-block-title" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="contact-block-title" className="text-2xl font-bold text-slate-900">
        {m.public_contact_block_title()}
      </h2>
      <p className="mt-2 text-slate-700">
        {settings.contactPhone
          ? withElements(m.public_contact_block_text_with_phone, {
              ...place,
              email,
              phone: <TextLink href={telHref(settings.contactPhone)}>{settings.contactPhone}</TextLink>,
            })
          : withElements(m.public_contact_block_text, { ...place, email })}
      </p>
      <p className="mt-4">
        <LinkButton href={localizedPath("/contact")}>{m.public_contact_block_button()}</LinkButton>
      </p>
    </section>
  );
}
