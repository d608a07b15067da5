import { redirect } from "react-router";
import { findApplication } from "~/.server/applications/find-application";
import { requireUser } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { ApplicationLayout } from "~/components/applications/application-details";
import { Page } from "~/components/layout/page";
import { serialize } from "~/lib/serialized";
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
  return serialize(application);
}

export default function MyApplicationPage({ loaderData: application }: Route.ComponentProps) {
  return (
    <Page title={`Your application to ${application.universityName ?? "study abroad"}`}>
      <ApplicationLayout application={application} back={{ href: "/dashboard/my-applications", label: "Back to my applications" }} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Your application to ${data?.universityName ?? "study abroad"} — Onward` }];
