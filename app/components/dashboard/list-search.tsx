import { useId } from "react";
import { Form } from "react-router";
import { Button, LinkButton } from "~/components/ui/button";
import { plural } from "~/lib/plural";
import { m } from "~/paraglide/messages";

/** The longest search a staff list reads. */
export const LIST_SEARCH_MAX_LENGTH = 100;

/**
 * A staff list's top: a GET search box (`q`, in the URL, working without JavaScript), the button
 * to add another entry (the box takes a row of its own on a phone), and how many entries the list
 * holds or how many match, read out when it changes.
 */
export function ListSearch({
  q,
  label,
  placeholder,
  add,
  count,
}: {
  q: string;
  label: string;
  /** Short enough to show whole in a 320 px phone's box beside the button: some 14 characters. */
  placeholder: string;
  /** `href` already in the page's language (localizedPath). */
  add: { href: string; label: string };
  /** The list's size, and what one entry and several are called ("university", "universities"). */
  count: { total: number; one: string; many: string };
}) {
  const id = useId();
  const { total, one, many } = count;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Form method="get" role="search" className="flex w-full min-w-0 gap-2 sm:w-auto sm:max-w-xl sm:flex-1">
          <label htmlFor={id} className="sr-only">
            {label}
          </label>
          <input
            id={id}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={LIST_SEARCH_MAX_LENGTH}
            placeholder={placeholder}
            className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2"
          />
          {/* Narrower on a phone, so that the box beside it shows its placeholder whole at 320 px. */}
          <Button className="px-3 sm:px-5">{m.dashboard_list_search()}</Button>
        </Form>
        <LinkButton href={add.href} size="md" variant="secondary">
          {add.label}
        </LinkButton>
      </div>
      <p className="mt-4 text-sm text-slate-700" aria-live="polite">
        {total === 0
          ? q
            ? m.dashboard_list_no_match({ one })
            : m.dashboard_list_none_yet({ many })
          : q
            ? m.dashboard_list_count_matching({ count: plural(total, one, many), q })
            : m.dashboard_list_count({ count: plural(total, one, many) })}
      </p>
    </>
  );
}
