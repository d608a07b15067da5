import { readQuery } from "~/.server/read-query";
import { Page } from "~/components/layout/page";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { ContactForm } from "~/components/public/contact-form";
import { TextLink } from "~/components/ui/text-link";
import { CONTACT_SUCCESS_DURATION_MS, CONTACT_SUCCESS_TEXT, MESSAGE_MAX_LENGTH } from "~/lib/contact-form";
import { sharedPage } from "~/lib/page-cache";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { telHref } from "~/lib/site-settings";
import type { Route } from "./+types/contact";
import { handleContactForm } from "./submit-contact-form.server";

/** A body over the size limit is refused by the server and still counts as a submission. */
export const handle: ServerRouteHandle = { refusedBodyLimit: "contactPerIp" };

/** Anonymous visitors share one rendering (server/html-cache.ts); it reads ?message. */
export const headers = sharedPage(["message"]);

/** "Book Free Class" and similar links open the form with ?message= already written. */
export function loader({ request }: Route.LoaderArgs) {
  const message = readQuery(request).get("message");
  return { prefilledMessage: message ? message.slice(0, MESSAGE_MAX_LENGTH) : "" };
}

export async function action({ request }: Route.ActionArgs) {
  return handleContactForm(request, {
    kind: "contact",
    successUrl: "/contact",
    successToast: { type: "success", text: CONTACT_SUCCESS_TEXT, duration: CONTACT_SUCCESS_DURATION_MS },
  });
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <Page
      title="Contact us"
      intro="Ask us anything about studying abroad. A counsellor replies by phone or e-mail, usually within one working day."
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="contact-info-title" className="rounded-lg bg-brand-50 p-6">
          <h2 id="contact-info-title" className="text-xl font-bold text-slate-900">
            Contact information
          </h2>
          <dl className="mt-4 grid gap-3 text-slate-800">
            <div>
              <dt className="text-sm font-semibold text-slate-600">E-mail</dt>
              <dd>
                <TextLink href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</TextLink>
              </dd>
            </div>
            {settings.contactPhone ? (
              <div>
                <dt className="text-sm font-semibold text-slate-600">Phone</dt>
                <dd>
                  <TextLink href={telHref(settings.contactPhone)}>{settings.contactPhone}</TextLink>
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-sm font-semibold text-slate-600">Office</dt>
              <dd>
                {settings.city}, {settings.country}
              </dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="become-student-title" className="rounded-lg border border-slate-200 p-6 shadow-sm">
          <h2 id="become-student-title" className="text-xl font-bold text-slate-900">
            Become Our Student
          </h2>
          <p className="mt-1 mb-4 text-slate-700">We need your name, phone, e-mail and message to reach you.</p>
          <ContactForm action="/contact" lastResult={actionData?.result} initialValues={{ message: loaderData.prefilledMessage }} />
        </section>
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/contact",
    title: "Contact us",
    description: "Send Onward a message, call or e-mail us: a study-abroad counsellor in Dhaka will contact you about your plans.",
  });
