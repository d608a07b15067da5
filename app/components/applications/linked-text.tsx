import { Fragment } from "react";

/** http(s) addresses in running text; anything else (javascript:, data:, mailto:) stays text. */
const address = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.org/a."). */
const trailing = /[.,;:!?)\]}'"]+$/;

/**
 * Plain text as written, line breaks kept, with each web address a link that is safe to follow
 * from a stranger's message: a new tab, no referrer, no opener, and no credit to the target
 * (rel="nofollow ugc"). React escapes the rest; no HTML from the text is ever rendered.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: (string | { href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(address)) {
    const raw = match[0].replace(trailing, "");
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push({ href: raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) =>
        typeof part === "string" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
            key={index}
            href={part.href}
            target="_blank"
            rel="nofollow ugc noopener noreferrer"
            className="break-all text-brand-800 underline"
          >
            {part.href}
          </a>
        ),
      )}
    </>
  );
}
