import { readQuery } from "~/.server/read-query";
import { Page } from "~/components/layout/page";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { ContactForm } from "~/components/public/contact-form";
import { TextLink } from "~/components/ui/text-link";
import { CONTACT_SUCCESS_DURATION_MS, MESSAGE_MAX_LENGTH } from "~/lib/contact-form";
import { sharedPage } from "~/lib/page-cache";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { telHref } from "~/lib/site-settings";
import { m } from "~/paraglide/messages";
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
    successToast: { type: "success", text: m.forms_contact_success(), duration: CONTACT_SUCCESS_DURATION_MS },
  });
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  return (
    <Page title={m.forms_contact_title()} intro={m.forms_contact_intro()}>
      <div className="grid gap-8 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="contact-info-title" className="rounded-lg bg-brand-50 p-6">
          <h2 id="contact-info-title" className="text-xl font-bold text-slate-900">
            {m.forms_contact_info_title()}
          </h2>
          <dl className="mt-4 grid gap-3 text-slate-800">
            <div>
              <dt className="text-sm font-semibold text-slate-600">{m.forms_contact_info_email()}</dt>
              <dd>
                <TextLink href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</TextLink>
              </dd>
            </div>
            {settings.contactPhone ? (
              <div>
                <dt className="text-sm font-semibold text-slate-600">{m.forms_contact_info_phone()}</dt>
                <dd>
                  <TextLink href={telHref(settings.contactPhone)}>{settings.contactPhone}</TextLink>
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-sm font-semibold text-slate-600">{m.forms_contact_info_office()}</dt>
              <dd>
                {settings.city}, {settings.country}
              </dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="become-student-title" className="rounded-lg border border-slate-200 p-6 shadow-sm">
          <h2 id="become-student-title" className="text-xl font-bold text-slate-900">
            {m.forms_contact_become_student()}
          </h2>
          <p className="mt-1 mb-4 text-slate-700">{m.forms_contact_become_student_intro()}</p>
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
    title: m.forms_contact_title(),
    description: m.forms_contact_meta_description(),
  });
