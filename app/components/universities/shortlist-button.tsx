import { Heart as ShortlistIcon } from "lucide";
import { Form, useHref, useNavigation } from "react-router";
import { cn } from "~/lib/cn";
import { localizedPath } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import { Icon } from "../ui/icons";

export const SHORTLIST_ACTION = "/dashboard/shortlist";

const ring = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600";
const look = `inline-flex size-11 shrink-0 items-center justify-center rounded-full text-rose-600 hover:bg-rose-50 ${ring}`;
const textLook = `inline-flex h-12 shrink-0 items-center justify-center gap-2 rounded-md border border-rose-300 bg-white px-5 font-semibold text-rose-700 hover:bg-rose-50 ${ring}`;

/**
 * The heart that puts a university on the person's shortlist or takes it off: a form post that
 * works without JavaScript (back to `returnTo` with a toast) and, with it, shows the new state at
 * once while the post is on its way. `shortlisted` null means nobody is signed in: the heart then
 * leads to the sign-in page, which brings them back.
 */
export function ShortlistButton({
  slug,
  name,
  shortlisted,
  returnTo,
  withText = false,
}: {
  slug: string;
  name: string;
  shortlisted: boolean | null;
  returnTo: string;
  /** "Shortlist" written beside the heart (a page's own actions), not only the heart (a card's corner). */
  withText?: boolean;
}) {
  const shape = withText ? textLook : look;
  const navigation = useNavigation();
  // The navigation carries the address with its language prefix (/bn/dashboard/shortlist on a Bangla page).
  const action = useHref(SHORTLIST_ACTION);
  if (shortlisted === null) {
    return (
      <a
        href={localizedPath(`/login?${new URLSearchParams({ redirectTo: returnTo })}`)}
        className={shape}
        title={m.finder_shortlist_sign_in_title()}
      >
        <Icon icon={ShortlistIcon} className="size-6" />
        {withText ? m.finder_shortlist() : null}
        <span className="sr-only">{withText ? m.finder_shortlist_sign_in_first({ name }) : m.finder_shortlist_sign_in_name({ name })}</span>
      </a>
    );
  }
  const sending = navigation.formAction === action && navigation.formData?.get("university") === slug;
  const on = sending ? navigation.formData?.get("intent") === "add" : shortlisted;
  return (
    <Form method="post" action={SHORTLIST_ACTION} preventScrollReset>
      <input type="hidden" name="university" value={slug} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        name="intent"
        value={on ? "remove" : "add"}
        aria-pressed={on}
        className={shape}
        title={on ? m.finder_on_shortlist() : m.finder_shortlist()}
      >
        <Icon icon={ShortlistIcon} className={cn("size-6", on && "fill-current")} />
        {withText ? m.finder_shortlist() : null}
        <span className="sr-only">{withText ? ` ${name}` : m.finder_shortlist_name({ name })}</span>
      </button>
    </Form>
  );
}
