import { getIeltsBatchSettings } from "~/.server/settings/site-settings";
import { PageHero } from "~/components/layout/page";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { ContactBlock } from "~/components/public/contact-block";
import { ContactForm } from "~/components/public/contact-form";
import { Section } from "~/components/public/section";
import { TitledCards } from "~/components/public/titled-cards";
import { Avatar } from "~/components/ui/avatar";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { sharedPage } from "~/lib/page-cache";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { m } from "~/paraglide/messages";
import { contentIn } from "../../../content/by-locale";
import type { Route } from "./+types/ielts-details";
import { handleContactForm } from "./submit-contact-form.server";

/** A body over the size limit is refused by the server and still counts as a submission. */
export const handle: ServerRouteHandle = { refusedBodyLimit: "contactPerIp" };

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export async function loader() {
  const batchSettings = await getIeltsBatchSettings();
  const { ieltsOverview, ieltsBenefits, ieltsBatches, mentors } = contentIn();
  return {
    overview: ieltsOverview,
    benefits: ieltsBenefits,
    batches: ieltsBatches.map((batch) => ({ ...batch, ...batchSettings[batch.id] })),
    mentors,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleContactForm(request, {
    kind: "ielts_enrolment",
    successUrl: "/ielts-details",
    successToast: {
      type: "success",
      text: m.pages_ielts_enrolled_toast(),
      duration: 10_000,
    },
    // Stored as the enquiry's text for the staff who read the inbox, in the language the person used.
    message: m.pages_ielts_enrolment_message(),
  });
}

export default function IeltsDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, benefits, batches, mentors } = loaderData;
  const settings = useSiteSettings();
  const batchesWithDetails = batches.filter((batch) => batch.schedule || batch.fee);
  return (
    <>
      <PageHero title={overview.title} intro={overview.intro} tone="dark">
        <p className="mt-6">
          <LinkButton href="#enroll" variant="inverse">
            {m.pages_ielts_enroll_now()}
          </LinkButton>
        </p>
      </PageHero>

      <Section id="benefits" title={m.pages_ielts_benefits()}>
        <TitledCards items={benefits} />
      </Section>

      <Section id="batches" title={m.pages_ielts_batches()} tone="tinted">
        <ul className="grid gap-4 sm:grid-cols-2">
          {batches.map((batch) => (
            <li key={batch.id} className="rounded-lg bg-white p-5 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{batch.name}</h3>
              <p className="mt-2 text-slate-700">{batch.description}</p>
              {batch.schedule || batch.fee ? (
                <dl className="mt-3 grid gap-1 text-slate-800">
                  {batch.schedule ? (
                    <div>
                      <dt className="inline font-semibold">{m.pages_ielts_schedule()} </dt>
                      <dd className="inline">{batch.schedule}</dd>
                    </div>
                  ) : null}
                  {batch.fee ? (
                    <div>
                      <dt className="inline font-semibold">{m.pages_ielts_fee()} </dt>
                      <dd className="inline">{batch.fee}</dd>
                    </div>
                  ) : null}
                </dl>
              ) : null}
            </li>
          ))}
        </ul>
        {batchesWithDetails.length < batches.length ? <p className="mt-4 text-slate-700">{m.pages_ielts_ask_next_batch()}</p> : null}
      </Section>

      <Section id="mentors" title={m.pages_ielts_mentors()}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {mentors.map((mentor) => (
            <li key={mentor.name}>
              <Card className="h-full p-5">
                <div className="flex items-center gap-3">
                  <Avatar name={mentor.name} src={mentor.photo} />
                  <div>
                    <h3 className="font-semibold text-slate-900">{mentor.name}</h3>
                    <p className="text-sm text-slate-600">{mentor.university}</p>
                  </div>
                </div>
                <p className="mt-1 text-sm font-semibold text-brand-700">{m.pages_ielts_band({ score: mentor.score })}</p>
                <p className="mt-2 text-slate-700">{mentor.bio}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="enroll" title={m.pages_ielts_enroll_now()} intro={m.pages_ielts_enroll_intro()} tone="tinted">
        <div className="max-w-xl rounded-lg bg-white p-6 shadow-sm">
          <ContactForm
            action="/ielts-details"
            lastResult={actionData?.result}
            withMessage={false}
            submitLabel={m.pages_ielts_enroll_now()}
          />
        </div>
      </Section>

      <ContactBlock settings={settings} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/ielts-details",
    title: m.pages_ielts_meta_title(),
    description: m.pages_ielts_meta_description(),
  });
