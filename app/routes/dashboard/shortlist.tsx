import { CalendarClock as DeadlineIcon } from "lucide";
import { Form } from "react-router";
import { safeRedirect } from "~/.server/auth/schemas";
import { requireUser } from "~/.server/auth/session";
import { isAppError, replyWithError } from "~/.server/errors";
import { calendarFeedPath, calendarFeedToken } from "~/.server/plan/calendar-feed";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { readQuery } from "~/.server/read-query";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { cardView } from "~/.server/universities/card-view";
import { getTakaRates } from "~/.server/universities/rates";
import { addToShortlist, listShortlist, removeFromShortlist } from "~/.server/universities/shortlist";
import { Page } from "~/components/layout/page";
import { Button, LinkButton } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { Pager } from "~/components/ui/pager";
import { TextLink } from "~/components/ui/text-link";
import { UniversityCardGrid } from "~/components/universities/university-card";
import { daysLeftText, deadlineText, type NextDeadline, todayIn } from "~/lib/deadlines";
import { localizedPath } from "~/lib/locale";
import { formatDigits, groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { ShortlistHeartSchema } from "~/lib/schemas/universities";
import { COMPARE_MAX } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/shortlist";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

const SHORTLIST_PATH = "/dashboard/shortlist";

/** The signed-in person's shortlist, the soonest next deadline first, 12 a page, and their calendar feed's address. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [list, rates, feedToken] = await Promise.all([
    listShortlist({ userId: user.id, page: parsePage(readQuery(request).get("page")), today: todayIn(user.timeZone) }),
    getTakaRates(),
    calendarFeedToken(user.id),
  ]);
  return {
    ...list,
    items: list.items.map((university) => ({ ...cardView(university, rates), nextDeadline: university.nextDeadline })),
    feedPath: calendarFeedPath(feedToken),
  };
}

/**
 * The hearts (finder, university pages, this page) post here: `university` (a slug), `intent`
 * (`add` or `remove`) and `returnTo` (a path on this site, where the toast is shown). An unknown
 * university is the 404 page; a full shortlist comes back with the reason.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  let returnTo = SHORTLIST_PATH;
  try {
    const heart = parseButtons(formData, ShortlistHeartSchema);
    returnTo = safeRedirect(heart.returnTo, SHORTLIST_PATH);
    if (heart.intent === "add") {
      const { name } = await addToShortlist({ userId: user.id, slug: heart.university });
      return redirectWithToast(returnTo, { type: "success", text: m.dashboard_shortlist_toast_added({ name }) }, { status: 303 });
    }
    const { name } = await removeFromShortlist({ userId: user.id, slug: heart.university });
    return redirectWithToast(returnTo, { type: "success", text: m.dashboard_shortlist_toast_removed({ name }) }, { status: 303 });
  } catch (error) {
    if (isAppError(error, "CONFLICT")) return redirectWithToast(returnTo, { type: "error", text: error.message }, { status: 303 });
    throw replyWithError(error);
  }
}

export default function ShortlistPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, feedPath } = loaderData;
  const returnTo = page > 1 ? `${SHORTLIST_PATH}?page=${page}` : SHORTLIST_PATH;
  return (
    <Page title={m.dashboard_menu_shortlist()} intro={m.dashboard_shortlist_intro({ max: formatDigits(COMPARE_MAX) })}>
      {total === 0 ? (
        <div className="mt-4 max-w-xl rounded-card bg-brand-50 p-5 text-slate-800">
          <p>{m.dashboard_shortlist_empty()}</p>
          <LinkButton href={localizedPath("/find-university")} className="mt-4">
            {m.dashboard_home_step_find()}
          </LinkButton>
        </div>
      ) : (
        <>
          <Form id="compare" method="get" action={`${SHORTLIST_PATH}/compare`} className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700" aria-live="polite">
              {m.dashboard_shortlist_count({ count: total, countText: groupThousands(total) })}
            </p>
            <Button size="sm">{m.dashboard_shortlist_compare_ticked()}</Button>
          </Form>
          <p className="mt-3 max-w-3xl text-sm text-slate-700">
            {m.dashboard_shortlist_note_start()}
            <TextLink href={localizedPath("/dashboard/profile#plan")}>{m.dashboard_home_change_in_profile()}</TextLink>
            {m.dashboard_shortlist_note_middle()}
            <TextLink href={feedPath}>{m.dashboard_shortlist_note_link()}</TextLink>
            {m.dashboard_shortlist_note_end()}
          </p>
          <UniversityCardGrid
            label={m.dashboard_shortlist_label()}
            universities={items}
            footer={(university) => (
              <div className="flex flex-wrap items-center gap-3">
                <DeadlineLine next={university.nextDeadline} />
                <label className="flex h-11 items-center gap-2 text-sm font-semibold text-slate-800">
                  <input type="checkbox" name="u" value={university.slug} form="compare" className="size-5" />
                  {m.dashboard_shortlist_compare()}
                  <span className="sr-only"> {university.name}</span>
                </label>
                <Form method="post" action={SHORTLIST_PATH}>
                  <input type="hidden" name="university" value={university.slug} />
                  <input type="hidden" name="returnTo" value={returnTo} />
                  <Button size="sm" variant="neutral" name="intent" value="remove">
                    {m.dashboard_shortlist_remove()}
                    <span className="sr-only"> {university.name}</span>
                  </Button>
                </Form>
              </div>
            )}
          />
          <Pager page={page} pageCount={pageCount} />
        </>
      )}
    </Page>
  );
}

/** A card's next deadline ("Apply by 15 January 2027 for the September 2027 intake · 50 days left"), or that none is published. */
function DeadlineLine({ next }: { next: NextDeadline | null }) {
  if (!next) return <p className="w-full text-sm text-slate-700">{m.dashboard_shortlist_no_deadline()}</p>;
  return (
    <p className="w-full text-sm text-slate-800" data-deadline={next.date}>
      <Icon icon={DeadlineIcon} className="mr-1 inline size-4 align-[-3px] text-brand-700" />
      {m.dashboard_shortlist_next_deadline()} <span className="font-semibold">{deadlineText(next)}</span> · {daysLeftText(next.daysLeft)}
    </p>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.dashboard_shortlist_meta_title() }];
