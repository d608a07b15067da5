import { z } from "zod";
import { addToShortlist, listShortlist, removeFromShortlist } from "~/.server/universities/shortlist";
import { todayIn } from "~/lib/deadlines";
import { defineOperation } from "./operation.server";
import { pageQuery } from "./respond.server";
import { summaryOf, UniversitySummarySchema } from "./universities.server";

const slugParams = z.object({ slug: z.string().max(200) });

const ShortlistEntrySchema = UniversitySummarySchema.omit({ fitReasons: true }).extend({
  /** The soonest usual application deadline still ahead, in the person's own calendar. */
  nextDeadline: z
    .object({ date: z.iso.date(), intakeMonth: z.number().int(), intakeYear: z.number().int(), daysLeft: z.number().int() })
    .nullable(),
});

export const shortlistOperations = [
  defineOperation({
    id: "listShortlist",
    method: "GET",
    path: "/shortlist",
    tag: "Shortlist",
    summary: "The caller's shortlist, the soonest deadline first",
    access: "signed-in",
    query: pageQuery,
    response: z.array(ShortlistEntrySchema),
    paginated: true,
    async run({ query, user }) {
      const { timeZone, id } = user;
      const list = await listShortlist({ userId: id, page: query.page, pageSize: query.pageSize, today: todayIn(timeZone) });
      return {
        data: list.items.map((university) => ({
          ...summaryOf(university),
          nextDeadline: university.nextDeadline
            ? {
                date: university.nextDeadline.date,
                intakeMonth: university.nextDeadline.intakeMonth,
                intakeYear: university.nextDeadline.intakeYear,
                daysLeft: university.nextDeadline.daysLeft,
              }
            : null,
        })),
        meta: { page: list.page, pageSize: query.pageSize, total: list.total },
      };
    },
  }),
  defineOperation({
    id: "addToShortlist",
    method: "PUT",
    path: "/shortlist/{slug}",
    tag: "Shortlist",
    summary: "Shortlist a university (again is no change)",
    access: "signed-in",
    params: slugParams,
    response: z.object({ slug: z.string(), name: z.string(), shortlisted: z.literal(true) }),
    async run({ params, user }) {
      const { name } = await addToShortlist({ userId: user.id, slug: params.slug });
      return { data: { slug: params.slug, name, shortlisted: true as const } };
    },
  }),
  defineOperation({
    id: "removeFromShortlist",
    method: "DELETE",
    path: "/shortlist/{slug}",
    tag: "Shortlist",
    summary: "Take a university off the shortlist",
    access: "signed-in",
    params: slugParams,
    response: z.object({ slug: z.string(), name: z.string(), shortlisted: z.literal(false) }),
    async run({ params, user }) {
      const { name } = await removeFromShortlist({ userId: user.id, slug: params.slug });
      return { data: { slug: params.slug, name, shortlisted: false as const } };
    },
  }),
];
