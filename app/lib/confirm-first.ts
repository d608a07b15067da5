import { type FormEvent, useCallback } from "react";
import { useSubmit } from "react-router";

/** A form's onSubmit that asks before a destructive or visible change (without JavaScript the post goes straight through). */
export function confirmFirst(question: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(question)) event.preventDefault();
  };
}

/**
 * For lists with a button form on every row (accept, delete, cancel…): the rows are plain
 * `<form method="post">` elements, which cost nothing to render, where React Router's `<Form>`
 * costs tens of microseconds each on the server (ADR 012 says the same of `<Link>`). Once
 * JavaScript has loaded, the handler this returns asks `question` and hands the form to the
 * router, as `<Form>` would; without JavaScript the post goes straight through.
 */
export function useConfirmedSubmit() {
  const submit = useSubmit();
  return useCallback(
    (question: string) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (window.confirm(question)) void submit(event.currentTarget);
    },
    [submit],
  );
}
