import { data } from "react-router";
import { z } from "zod";
import { beginTwoFactorSetup, changePassword, confirmTwoFactorSetup, disableTwoFactor, resendVerification } from "~/.server/auth/accounts";
import { changePasswordSchema, passwordOnlySchema, totpCodeSchema } from "~/.server/auth/schemas";
import type { SessionUser } from "~/.server/auth/session";
import { replyWithError } from "~/.server/errors";
import { setAcceptsMessages } from "~/.server/networking/own-entry";
import { resetCalendarFeedToken } from "~/.server/plan/calendar-feed";
import { setDeadlineReminders } from "~/.server/plan/reminder-settings";
import { setCookieHeaders } from "~/.server/set-cookies";
import { formResult, parseSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { m } from "~/paraglide/messages";

/** The resend-confirmation form has no fields of its own. */
const noFieldsSchema = z.object({});
/** A networking member's switch for messages from students: the button posts the new state. */
const memberMessagesSchema = z.object({ acceptsMessages: z.enum(["on", "off"]) });
/** Deadline reminders' switch: the button posts the new state. */
const deadlineRemindersSchema = z.object({ deadlineReminders: z.enum(["on", "off"]) });

export const profileIntents = [
  "resend-verification",
  "change-password",
  "enable-2fa",
  "confirm-2fa",
  "disable-2fa",
  "member-messages",
  "deadline-reminders",
  "reset-calendar",
] as const;
export type ProfileIntent = (typeof profileIntents)[number];

/** Which of the page's forms was sent: each names itself in a hidden `intent`. */
export const ProfileIntentSchema = z.object({
  intent: z.enum(profileIntents, { error: () => m.dashboard_profile_form_out_of_date() }),
});

/** What each profile form needs: who is signed in, what they sent, and the request it came in. */
export type IntentInput = { user: SessionUser; formData: FormData; request: Request; clientIp: string };

type Submission = ReturnType<typeof parseSubmission>;

/** A refused form, told apart from the page's other forms by its intent (Conform's `lastResult` for that form only). */
function invalid(intent: ProfileIntent, submission: Submission, schema: z.ZodType, extra: Parameters<typeof formResult>[2] = {}) {
  return data({ intent, result: formResult(submission, schema, extra), setup: null }, { status: 400 });
}

/** A domain function's refusal (wrong password, rate limit…) through the one error helper: status, message, Retry-After. */
function refused(intent: ProfileIntent, submission: Submission, schema: z.ZodType, error: unknown) {
  return replyWithError(error, (refusal) => ({
    intent,
    result: formResult(submission, schema, {
      formErrors: [refusal.message],
      fieldErrors: Object.fromEntries(Object.entries(refusal.fieldErrors).map(([name, message]) => [name, [message]])),
    }),
    setup: null,
  }));
}

async function resendVerificationIntent({ user, formData, request, clientIp }: IntentInput) {
  const submission = parseSubmission(formData, noFieldsSchema);
  try {
    await resendVerification({ email: user.email, ip: clientIp, headers: request.headers });
  } catch (error) {
    return refused("resend-verification", submission, noFieldsSchema, error);
  }
  return redirectWithToast("/dashboard/profile", {
    type: "success",
    text: m.dashboard_profile_toast_verification_sent({ email: user.email }),
  });
}

async function changePasswordIntent({ user, formData, request }: IntentInput) {
  const submission = parseSubmission(formData, changePasswordSchema);
  if (submission.status !== "success") return invalid("change-password", submission, changePasswordSchema);
  try {
    const cookies = await changePassword({
      userId: user.id,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.newPassword,
      headers: request.headers,
    });
    return redirectWithToast(
      "/dashboard/profile",
      { type: "success", text: m.dashboard_profile_toast_password_changed() },
      { headers: setCookieHeaders(cookies) },
    );
  } catch (error) {
    return refused("change-password", submission, changePasswordSchema, error);
  }
}

async function enableTwoFactorIntent({ formData, request }: IntentInput) {
  const submission = parseSubmission(formData, passwordOnlySchema);
  if (submission.status !== "success") return invalid("enable-2fa", submission, passwordOnlySchema);
  try {
    const setup = await beginTwoFactorSetup({ password: submission.value.password, headers: request.headers });
    return { intent: "enable-2fa" as const, result: submission.reply({ resetForm: true }), setup };
  } catch (error) {
    return refused("enable-2fa", submission, passwordOnlySchema, error);
  }
}

async function confirmTwoFactorIntent({ user, formData, request }: IntentInput) {
  const submission = parseSubmission(formData, totpCodeSchema);
  if (submission.status !== "success") {
    return invalid("confirm-2fa", submission, totpCodeSchema, {
      formErrors: [m.dashboard_profile_enter_code()],
    });
  }
  try {
    const cookies = await confirmTwoFactorSetup({ userId: user.id, code: submission.value.code, headers: request.headers });
    return redirectWithToast(
      "/dashboard/profile",
      { type: "success", text: m.dashboard_profile_toast_2fa_on() },
      { headers: setCookieHeaders(cookies) },
    );
  } catch (error) {
    return refused("confirm-2fa", submission, totpCodeSchema, error);
  }
}

async function disableTwoFactorIntent({ user, formData, request }: IntentInput) {
  const submission = parseSubmission(formData, passwordOnlySchema);
  if (submission.status !== "success") return invalid("disable-2fa", submission, passwordOnlySchema);
  try {
    const cookies = await disableTwoFactor({ userId: user.id, password: submission.value.password, headers: request.headers });
    return redirectWithToast(
      "/dashboard/profile",
      { type: "success", text: m.dashboard_profile_toast_2fa_off() },
      { headers: setCookieHeaders(cookies) },
    );
  } catch (error) {
    return refused("disable-2fa", submission, passwordOnlySchema, error);
  }
}

async function memberMessagesIntent({ user, formData }: IntentInput) {
  const submission = parseSubmission(formData, memberMessagesSchema);
  if (submission.status !== "success") return invalid("member-messages", submission, memberMessagesSchema);
  const accepts = submission.value.acceptsMessages === "on";
  try {
    await setAcceptsMessages(user, accepts);
  } catch (error) {
    return refused("member-messages", submission, memberMessagesSchema, error);
  }
  return redirectWithToast("/dashboard/profile", {
    type: "success",
    text: accepts ? m.dashboard_profile_toast_member_on() : m.dashboard_profile_toast_member_off(),
  });
}

async function deadlineRemindersIntent({ user, formData }: IntentInput) {
  const submission = parseSubmission(formData, deadlineRemindersSchema);
  if (submission.status !== "success") return invalid("deadline-reminders", submission, deadlineRemindersSchema);
  const on = submission.value.deadlineReminders === "on";
  await setDeadlineReminders(user.id, on);
  return redirectWithToast("/dashboard/profile#plan", {
    type: "success",
    text: on ? m.dashboard_profile_toast_reminders_on() : m.dashboard_profile_toast_reminders_off(),
  });
}

async function resetCalendarIntent({ user }: IntentInput) {
  await resetCalendarFeedToken(user.id);
  return redirectWithToast("/dashboard/profile#plan", {
    type: "success",
    text: m.dashboard_profile_toast_calendar_reset(),
  });
}

/** One function per form on the profile page; the action only picks the one the form named. */
export const profileIntentHandlers = {
  "resend-verification": resendVerificationIntent,
  "change-password": changePasswordIntent,
  "enable-2fa": enableTwoFactorIntent,
  "confirm-2fa": confirmTwoFactorIntent,
  "disable-2fa": disableTwoFactorIntent,
  "member-messages": memberMessagesIntent,
  "deadline-reminders": deadlineRemindersIntent,
  "reset-calendar": resetCalendarIntent,
} satisfies Record<ProfileIntent, (input: IntentInput) => Promise<unknown>>;
