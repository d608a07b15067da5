import { z } from "zod";
import { safeRedirect } from "~/.server/auth/schemas";
import { requireUser } from "~/.server/auth/session";
import { isAppError, replyWithError } from "~/.server/errors";
import { setChecklistTick } from "~/.server/plan/checklist";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { postedId } from "~/lib/schemas/buttons";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/checklist";

/** A checklist item's Tick or Untick button (app/components/plan/document-checklist.tsx), its refusal in the request's language. */
function checklistTickSchema() {
  const chooseAnItem = m.dashboard_checklist_choose_item();
  return z.object({
    item: postedId(chooseAnItem),
    intent: z.enum(["tick", "untick"], { error: chooseAnItem }),
    returnTo: z.string().optional(),
  });
}

/**
 * POST /dashboard/checklist/{applicationId}: `item` (its key), `intent` (`tick` or `untick`) and
 * `returnTo` (a path on this site, where the toast is shown). Only the application's own student;
 * anyone else's application is the 404 page. A refused tick (an item a document ticks, a closed
 * application) comes back as an error toast.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  let returnTo = "/dashboard";
  try {
    const button = parseButtons(formData, checklistTickSchema());
    returnTo = safeRedirect(button.returnTo, returnTo);
    const { text } = await setChecklistTick({
      userId: user.id,
      applicationId: params.applicationId,
      itemKey: button.item,
      ticked: button.intent === "tick",
    });
    return redirectWithToast(
      returnTo,
      {
        type: "success",
        text: button.intent === "tick" ? m.dashboard_checklist_toast_ticked({ text }) : m.dashboard_checklist_toast_unticked({ text }),
      },
      { status: 303 },
    );
  } catch (error) {
    if (isAppError(error, "INVALID") || isAppError(error, "CONFLICT")) {
      return redirectWithToast(returnTo, { type: "error", text: error.message }, { status: 303 });
    }
    throw replyWithError(error);
  }
}
