import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { type DocumentView, formatBytes } from "~/lib/applications";
import { getLocale, intlLocale, type Locale } from "~/lib/locale";
import { formatDigits } from "~/lib/numbers";
import { REASON_MAX_LENGTH } from "~/lib/schemas/applications";
import { m } from "~/paraglide/messages";
import { Button } from "../ui/button";
import { FormMessage, TextAreaField } from "../ui/field";
import { type IntentReply, problemsOf, typedValue } from "./form-reply";

const dates: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(intlLocale.en, { dateStyle: "medium", timeZone: "Asia/Dhaka" }),
  bn: new Intl.DateTimeFormat(intlLocale.bn, { dateStyle: "medium", timeZone: "Asia/Dhaka" }),
};

/**
 * Staff's controls under one document: a "Review" link that opens its form (`?review={field}`,
 * so a page of 15 documents carries one form, and the link works without JavaScript); the form
 * marks it Accepted, or "Needs a new copy" with the reason the student reads (`intent=review-document`,
 * `field`, `decision`, `reason`), and stays open with its problem when a post is refused. Then the
 * copies the student replaced, each still readable here.
 */
export function DocumentReview({
  document,
  reply,
  canReview,
  open,
}: {
  document: DocumentView;
  reply: IntentReply | undefined;
  canReview: boolean;
  /** Whether this is the document the page was opened to review. */
  open: boolean;
}) {
  const navigation = useNavigation();
  const key = `review-document:${document.field}`;
  const { problem, fields } = problemsOf(reply, key);
  const sending = navigation.state !== "idle" && navigation.formData?.get("field") === document.field;
  // A refused review puts the person on the field it marked (its error is its description), as the other forms
  // do: the button they pressed was disabled while it went, and focus fell to the page.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (problemsOf(reply, key).fields.reason) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [reply, key]);
  return (
    <div className="mt-2 grid gap-2">
      {canReview && (open || problem !== undefined) ? (
        <Form ref={form} method="post" preventScrollReset className="grid gap-2 rounded-md border border-slate-200 p-2">
          <input type="hidden" name="intent" value="review-document" />
          <input type="hidden" name="field" value={document.field} />
          {problem && !fields.reason ? <FormMessage>{problem}</FormMessage> : null}
          <TextAreaField
            label={m.apply_review_reason()}
            name="reason"
            rows={2}
            maxLength={REASON_MAX_LENGTH}
            error={fields.reason}
            defaultValue={typedValue(reply, key, "reason") ?? (document.state === "needs-new-copy" ? (document.reason ?? "") : "")}
            hint={m.apply_review_reason_hint()}
          />
          <div className="flex flex-wrap gap-2">
            <Button name="decision" value="accepted" size="sm" pending={sending} aria-pressed={document.state === "accepted"}>
              {m.apply_review_accept()}
            </Button>
            <Button
              name="decision"
              value="needs-new-copy"
              size="sm"
              variant="secondary"
              pending={sending}
              aria-pressed={document.state === "needs-new-copy"}
            >
              {m.apply_review_needs_new_copy()}
            </Button>
          </div>
        </Form>
      ) : canReview ? (
        <a
          href={`?review=${document.field}#document-${document.field}`}
          className="self-start rounded-md px-2 py-1.5 text-sm font-semibold text-brand-800 underline"
        >
          {m.apply_review_link()}
          <span className="sr-only"> {m.apply_review_link_sr({ document: document.label })}</span>
        </a>
      ) : null}
      {document.history.length > 0 ? (
        <details className="rounded-md border border-slate-200">
          <summary className="cursor-pointer px-2 py-1.5 text-sm font-semibold text-slate-800">
            {m.apply_review_earlier_copies({ count: formatDigits(document.history.length) })}
          </summary>
          <ul className="grid gap-1 p-2 text-sm">
            {document.history.map((version) => (
              <li key={version.id}>
                <a href={version.url} target="_blank" rel="noopener" className="font-semibold break-all text-brand-800 underline">
                  {version.fileName}
                </a>
                <span className="block text-xs text-slate-600">
                  {formatBytes(version.size)} · {m.apply_review_replaced({ date: dates[getLocale()].format(new Date(version.replacedAt)) })}
                  {version.reason ? ` · ${m.apply_review_asked_again({ reason: version.reason })}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
