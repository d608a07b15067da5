import { redirect } from "react-router";
import { findApplication } from "~/.server/applications/find-application";
import { requireUser } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { ApplicationLayout } from "~/components/applications/application-details";
import { Timeline } from "~/components/applications/timeline";
import { Page } from "~/components/layout/page";
import { LinkButton } from "~/components/ui/button";
import type { Route } from "./+types/my-application";

/** The person's own application, read-only: their data, documents and timeline (404 for anyone else's, as for a missing id). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  let application: Awaited<ReturnType<typeof findApplication>>;
  try {
    application = await findApplication({ id: params.id, viewer: { as: "owner", applicantId: user.id } });
  } catch (error) {
    throw replyWithError(error);
  }
  // A draft is still being written: on the form.
  if (application.status === "draft") throw redirect("/apply");
  return { ...application, submittedAt: application.submittedAt?.toISOString() ?? null };
}

export default function MyApplicationPage({ loaderData: application }: Route.ComponentProps) {
  return (
    <Page title={`Your application to ${application.universityName ?? "study abroad"}`}>
      <ApplicationLayout application={application}>
        <section aria-labelledby="timeline-heading">
          <h2 id="timeline-heading" className="mb-3 text-xl font-semibold text-slate-900">
            Timeline
          </h2>
          <Timeline entries={application.timeline} />
        </section>
        <LinkButton href="/dashboard/my-applications" size="md" variant="outline" className="justify-self-start">
          Back to my applications
        </LinkButton>
      </ApplicationLayout>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Your application to ${data?.universityName ?? "study abroad"} — Onward` }];
