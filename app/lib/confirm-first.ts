import type { FormEvent } from "react";

/** A form's onSubmit that asks before a destructive or visible change (without JavaScript the post goes straight through). */
export function confirmFirst(question: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(question)) event.preventDefault();
  };
}
