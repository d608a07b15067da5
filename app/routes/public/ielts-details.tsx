import { getIeltsBatchSettings } from "~/.server/settings/site-settings";
import { PageHero } from "~/components/layout/page";
import { useSiteSettings } from "~/components/layout/use-site-settings";
import { ContactForm } from "~/components/public/contact-form";
import { ContactBlock, TitledCards } from "~/components/public/guide-blocks";
import { Section } from "~/components/public/section";
import { Avatar } from "~/components/ui/avatar";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { sharedPage } from "~/lib/page-cache";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { ieltsBatches, ieltsBenefits, ieltsOverview, mentors } from "../../../content/ielts";
import type { Route } from "./+types/ielts-details";
import { handleContactForm } from "./submit-contact-form.server";

/** A body over the size limit is refused by the server and still counts as a submission. */
export const handle: ServerRouteHandle = { refusedBodyLimit: "contactPerIp" };

/** Anonymous visitors share one rendering (server/html-cache.ts). */
export const headers = sharedPage();

export async function loader() {
  const batchSettings = await getIeltsBatchSettings();
  return {
    overview: ieltsOverview,
    benefits: ieltsBenefits,
    batches: ieltsBatches.map((batch) => ({ ...batch, ...batchSettings[batch.id] })),
    mentors,
  };
}

const ENROLMENT_MESSAGE = "Enrollment request for the online IELTS course.";

export async function action({ request }: Route.ActionArgs) {
  return handleContactForm(request, {
    kind: "ielts_enrolment",
    successUrl: "/ielts-details",
    successToast: {
      type: "success",
      text: "Thank you for enrolling. We got your request and will contact you soon to confirm your batch.",
      duration: 10_000,
    },
    message: ENROLMENT_MESSAGE,
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
            Enroll Now
          </LinkButton>
        </p>
      </PageHero>

      <Section id="benefits" title="Program benefits">
        <TitledCards items={benefits} />
      </Section>

      <Section id="batches" title="Online Batch" tone="tinted">
        <ul className="grid gap-4 sm:grid-cols-2">
          {batches.map((batch) => (
            <li key={batch.id} className="rounded-lg bg-white p-5 shadow-sm">
              <h3 className="text-lg font-semibold text-slate-900">{batch.name}</h3>
              <p className="mt-2 text-slate-700">{batch.description}</p>
              {batch.schedule || batch.fee ? (
                <dl className="mt-3 grid gap-1 text-slate-800">
                  {batch.schedule ? (
                    <div>
                      <dt className="inline font-semibold">Schedule: </dt>
                      <dd className="inline">{batch.schedule}</dd>
                    </div>
                  ) : null}
                  {batch.fee ? (
                    <div>
                      <dt className="inline font-semibold">Fee: </dt>
                      <dd className="inline">{batch.fee}</dd>
                    </div>
                  ) : null}
                </dl>
              ) : null}
            </li>
          ))}
        </ul>
        {batchesWithDetails.length < batches.length ? (
          <p className="mt-4 text-slate-700">Ask us for the next start date and the fee: enroll below and we will call you.</p>
        ) : null}
      </Section>

      <Section id="mentors" title="Our Mentors">
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
                <p className="mt-1 text-sm font-semibold text-brand-700">IELTS band {mentor.score}</p>
                <p className="mt-2 text-slate-700">{mentor.bio}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="enroll" title="Enroll Now" intro="Leave your details and a counsellor will call you to choose a batch." tone="tinted">
        <div className="max-w-xl rounded-lg bg-white p-6 shadow-sm">
          <ContactForm action="/ielts-details" lastResult={actionData?.result} withMessage={false} submitLabel="Enroll Now" />
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
    title: "Online IELTS classes: Weekend and Regular batches",
    description:
      "Live online IELTS Academic classes with mock tests, marked writing and speaking practice, taught by mentors who studied abroad. Enroll in a Weekend or Regular batch.",
  });
