import { useNavigation } from "react-router";
import { loadDraft } from "~/.server/applications/draft-view";
import { applicationFormChoices, universityToApplyTo } from "~/.server/applications/form-choices";
import { applicationPrefill } from "~/.server/applications/profile-prefill";
import { resendVerification } from "~/.server/auth/accounts";
import { requireUser } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import { replyWithError } from "~/.server/errors";
import { readQuery } from "~/.server/read-query";
import { redirectWithToast } from "~/.server/toast";
import { ApplicationForm } from "~/components/applications/application-form";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { documentFields } from "~/lib/applications";
import { localizedPath, unlocalizedPath } from "~/lib/locale";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/apply";
import { handleApplicationPost } from "./apply-form.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The whole form may carry all 15 documents at UPLOAD_MAX_MB each (the server refuses a larger body before reading it). */
export const handle: ServerRouteHandle = { maxUploadFiles: documentFields.length };

/**
 * The form, with the person's draft (the text saved so far and the documents already uploaded),
 * else their name and address from the profile and the country from their academic profile;
 * `?university={slug}` pre-selects a catalogue university and its country. A re-shown refused
 * post shows what was sent (Conform's `lastResult` wins over these defaults).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const slug = readQuery(request).get("university");
  const [draft, choices, chosen, fromProfile] = await Promise.all([
    loadDraft(user.id),
    applicationFormChoices(),
    slug ? universityToApplyTo(slug) : undefined,
    applicationPrefill(user.id),
  ]);
  return {
    verified: user.emailVerified,
    email: user.email,
    draftId: draft.id,
    documents: draft.documents,
    defaultValue: { name: user.name, address: user.address ?? undefined, ...fromProfile, ...draft.values, ...chosen },
    countries: choices.countries,
    universities: choices.universities,
    maxBytes: getConfig().uploadMaxBytes,
  };
}

/** The application (multipart, see apply-form.server.ts), or `?resend`: the confirmation link again. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (readQuery(request).has("resend")) {
    try {
      await resendVerification({ email: user.email, ip: context.clientIp, headers: request.headers });
    } catch (error) {
      return replyWithError(error, (refusal) => ({ resendError: refusal.message }));
    }
    return redirectWithToast("/apply", { type: "success", text: m.apply_resent_toast({ email: user.email }) }, { status: 303 });
  }
  return handleApplicationPost(request, user);
}

export default function ApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    unlocalizedPath(navigation.formAction?.split("?")[0] ?? "") === "/apply" &&
    navigation.formData?.has("draftId") === true;
  const answer = actionData && "result" in actionData ? actionData : undefined;
  return (
    <Page title={m.apply_title()} intro={m.apply_intro()}>
      {!loaderData.verified ? (
        <div className="mb-6 grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p>
            {m.apply_verify_before_applying()} {m.apply_we_sent_it_to({ email: loaderData.email })}
          </p>
          <form method="post" action={localizedPath("/apply?resend")}>
            <Button variant="secondary" size="sm">
              {m.apply_resend_link()}
            </Button>
          </form>
          {actionData && "resendError" in actionData ? <FormMessage>{String(actionData.resendError)}</FormMessage> : null}
        </div>
      ) : null}
      <ApplicationForm
        lastResult={answer?.result}
        defaultValue={loaderData.defaultValue}
        countries={loaderData.countries}
        universities={loaderData.universities}
        documents={answer && "documents" in answer ? (answer.documents as typeof loaderData.documents) : loaderData.documents}
        draftId={answer && "draftId" in answer ? (answer.draftId as string | null) : loaderData.draftId}
        maxBytes={loaderData.maxBytes}
        submitting={submitting}
      />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.apply_meta_title() }];
