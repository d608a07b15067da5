import type { ReactNode } from "react";
import { Form } from "react-router";
import { confirmFirst } from "~/lib/confirm-first";
import { Button, type ButtonVariant } from "../ui/button";
import { Card } from "../ui/card";

const layouts = {
  /** One full-width card per item, its buttons at the end of the line from 640 px (universities). */
  rows: { list: "mt-4 grid gap-3", card: "grid gap-3 p-4 sm:flex sm:items-center sm:gap-4", actions: "flex gap-2" },
  /** Cards side by side from 640 px, their buttons at the foot (people: consultants, networking members). */
  grid: {
    list: "mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3",
    card: "flex h-full flex-col p-4",
    actions: "mt-auto flex flex-wrap gap-2 pt-4",
  },
} as const;

/**
 * A staff list page's items (under its ListSearch, above its Pager): one card each, with the
 * item's `details` and its `actions` (Edit, Delete, Activate…). Nothing for an empty list: the
 * search line above already says so.
 */
export function StaffCardList<Item extends { id: string }>({
  label,
  items,
  layout,
  details,
  actions,
  cardAttributes,
}: {
  /** The list's accessible name ("Universities"). */
  label: string;
  items: readonly Item[];
  layout: keyof typeof layouts;
  details: (item: Item) => ReactNode;
  actions: (item: Item) => ReactNode;
  /** data-* attributes of an item's card, for tests and styles that key on its state. */
  cardAttributes?: (item: Item) => Record<`data-${string}`, string | boolean>;
}) {
  if (items.length === 0) return null;
  const look = layouts[layout];
  return (
    <ul className={look.list} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <Card className={look.card} {...cardAttributes?.(item)}>
            {details(item)}
            <div className={look.actions}>{actions(item)}</div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * One of a card's buttons that post (Delete, Activate…): `fields` as hidden inputs, and the
 * button's own `name` and `value` when it has them, once the person confirms `question`
 * (without JavaScript the post goes straight through).
 */
export function ConfirmedPost({
  question,
  fields,
  variant,
  name,
  value,
  children,
}: {
  question: string;
  fields: Record<string, string>;
  variant: ButtonVariant;
  name?: string;
  value?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" onSubmit={confirmFirst(question)}>
      {Object.entries(fields).map(([field, fieldValue]) => (
        <input key={field} type="hidden" name={field} value={fieldValue} />
      ))}
      <Button size="sm" variant={variant} name={name} value={value}>
        {children}
      </Button>
    </Form>
  );
}
