import { Fragment, type ReactNode } from "react";

/**
 * A message whose variables are elements (links): the message is rendered with a marker in each
 * element's place, so the language decides the word order, and the markers are swapped for the elements.
 */
export function withElements<Name extends string>(
  message: (inputs: Record<Name, string>) => string,
  inputs: Record<Name, string | ReactNode>,
): ReactNode[] {
  const marked = Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [name, typeof value === "string" ? value : `\uE000${name}\uE000`]),
  ) as Record<Name, string>;
  // Odd pieces are the elements' names; a text piece is keyed by the element before it.
  const pieces = message(marked).split("\uE000");
  return pieces.map((piece, index) =>
    index % 2 === 1 ? (
      <Fragment key={piece}>{inputs[piece as Name]}</Fragment>
    ) : (
      <Fragment key={`text-after-${pieces[index - 1] ?? ""}`}>{piece}</Fragment>
    ),
  );
}
