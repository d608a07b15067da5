import { z } from "zod";
import { findApplication } from "~/.server/applications/find-application";
import { AppError } from "~/.server/errors";
import { applicationChecklist, NO_CHECKLIST, setChecklistTick } from "~/.server/plan/checklist";
import { applicationStatuses, type DocumentField, documentFields } from "~/lib/applications";
import { viewerOf } from "./applications.server";
import { defineOperation, type Operation } from "./operation.server";

const ChecklistSchema = z.object({
  applicationId: z.string(),
  /** The country guide's name for the country ("United Kingdom"). */
  country: z.string(),
  guideId: z.string(),
  status: z.enum(applicationStatuses),
  ready: z.number().int(),
  total: z.number().int(),
  items: z.array(
    z.object({
      /** Stable while the item's text is: rewording an item un-ticks it. */
      key: z.string(),
      text: z.string(),
      kind: z.enum(["paper", "sponsor"]),
      /** The documents that tick it (when ready, the uploaded ones); null for an item the student ticks by hand. */
      satisfiedBy: z.array(z.enum(documentFields as [DocumentField, ...DocumentField[]])).nullable(),
      /** Until it is ready, the documents of `satisfiedBy` of which one is enough. */
      anyOf: z.array(z.enum(documentFields as [DocumentField, ...DocumentField[]])),
      documentsLabel: z.string().nullable(),
      ready: z.boolean(),
      /** Ticked by hand (PUT …/checklist/{item}) rather than by an uploaded document. */
      manual: z.boolean(),
    }),
  ),
});

/** A student's document checklist for an application: read it, tick or untick an item. */
export const checklistOperations: Operation[] = [
  defineOperation({
    id: "getChecklist",
    method: "GET",
    path: "/applications/{id}/checklist",
    tag: "Plan",
    summary: "An application's document checklist from its country's guide: what is ready, what is still to do",
    description:
      "For the applicant (their draft included) and staff (a submitted application, read-only, as the staff page shows it); " +
      "anyone else's is 404, as is an application whose country has no guide.",
    access: "signed-in",
    params: z.object({ id: z.string().max(100) }),
    response: ChecklistSchema,
    async run({ params, user }) {
      const application = await findApplication({ id: params.id, viewer: viewerOf(user) });
      const checklist = await applicationChecklist(application.id);
      if (!checklist) throw new AppError("NOT_FOUND", NO_CHECKLIST);
      return { data: checklist };
    },
  }),
  defineOperation({
    id: "setChecklistTick",
    method: "PUT",
    path: "/applications/{id}/checklist/{item}",
    tag: "Plan",
    summary: "Tick or untick an item of one's own checklist that no uploaded document ticks",
    description:
      "Only the applicant, while the application is a draft, submitted or processing (409 after). An item a document ticks, " +
      "or one not on the checklist, is a 400.",
    access: "signed-in",
    params: z.object({ id: z.string().max(100), item: z.string().max(200) }),
    body: z.object({ ticked: z.boolean({ error: "Say whether the item is ticked: true or false." }) }),
    response: z.object({ text: z.string(), ticked: z.boolean() }),
    refusals: [409],
    async run({ params, body, user }) {
      return { data: await setChecklistTick({ userId: user.id, applicationId: params.id, itemKey: params.item, ticked: body.ticked }) };
    },
  }),
];
