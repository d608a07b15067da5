import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "react-router";
import { requireUser } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { findOwnMemberEntry } from "~/.server/networking/own-entry";
import { planSettingsView } from "~/.server/plan/plan-settings-view";
import { readForm } from "~/.server/read-form";
import { parseButtons } from "~/.server/submission";
import { getAcademicProfile } from "~/.server/users/academic-profile";
import { photoUrl } from "~/.server/users/photo";
import { AcademicProfileSummary } from "~/components/dashboard/profile/academic-profile-summary";
import { ChangePasswordSection } from "~/components/dashboard/profile/change-password";
import { MemberMessagesSection } from "~/components/dashboard/profile/member-messages";
import { PlanSettingsSection } from "~/components/dashboard/profile/plan-settings";
import { ProfileDetailsSection } from "~/components/dashboard/profile/profile-details";
import { TwoFactorSection } from "~/components/dashboard/profile/two-factor";
import { Page } from "~/components/layout/page";
import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/profile";
import { type ProfileIntent, ProfileIntentSchema, profileIntentHandlers } from "./profile-intents.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    user: {
      name: user.name,
      email: user.email,
      phone: user.phone,
      address: user.address,
      photo: photoUrl(user.image),
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      role: user.role,
      timeZone: user.timeZone,
    },
    /** Their entry in the networking directory, if they are listed: whether students may write to them. */
    memberEntry: await findOwnMemberEntry(user),
    /** A student's grades, English test, plans and budget (edited on their own page). */
    academicProfile: hasRole(user.role, pageRoles.academicProfile) ? await getAcademicProfile(user.id) : null,
    plan: await planSettingsView(user.id),
  };
}

/** Each form on the page names its intent; one function per intent does the work (profile-intents.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  let formData: FormData;
  let intent: ProfileIntent;
  try {
    formData = await readForm(request);
    ({ intent } = parseButtons(formData, ProfileIntentSchema));
  } catch (error) {
    // An unreadable body or an unknown form: said at the top of the page, 400.
    return replyWithError(error, (refusal) => ({
      intent: null,
      result: { status: "error", error: { "": [refusal.message] } } satisfies SubmissionResult<string[]>,
      setup: null,
    }));
  }
  return profileIntentHandlers[intent]({ user, formData, request, clientIp: context.clientIp });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, memberEntry, academicProfile, plan } = loaderData;
  const navigation = useNavigation();
  const intent = actionData?.intent;
  const resultFor = (...names: (string | null)[]) =>
    actionData && names.includes(intent ?? null) ? (actionData.result as SubmissionResult<string[]>) : undefined;
  const detailsError = resultFor(null, "resend-verification")?.error?.[""]?.[0];
  return (
    <Page title={m.dashboard_menu_profile()}>
      <div className="grid gap-8">
        <ProfileDetailsSection user={user} formError={detailsError} />
        {academicProfile ? <AcademicProfileSummary profile={academicProfile} /> : null}
        <PlanSettingsSection
          remindersOn={plan.remindersOn}
          feedUrl={plan.feedUrl}
          formError={resultFor("deadline-reminders", "reset-calendar")?.error?.[""]?.[0]}
        />
        <ChangePasswordSection
          lastResult={resultFor("change-password")}
          pending={navigation.formData?.get("intent") === "change-password"}
        />
        <TwoFactorSection
          enabled={user.twoFactorEnabled}
          setup={actionData?.setup ?? null}
          confirming={intent === "confirm-2fa"}
          passwordResult={resultFor("enable-2fa", "disable-2fa")}
          codeResult={resultFor("confirm-2fa")}
        />
        {memberEntry ? (
          <MemberMessagesSection acceptsMessages={memberEntry.acceptsMessages} formError={resultFor("member-messages")?.error?.[""]?.[0]} />
        ) : null}
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.dashboard_profile_meta_title() }];
