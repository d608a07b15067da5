import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";

type Common = { label: string; name: string; error?: string; hint?: string };

const control =
  "mt-1 block w-full rounded-md border px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600";

function describedBy(name: string, error?: string, hint?: string) {
  return [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;
}

function Messages({ name, error, hint }: Omit<Common, "label">) {
  return (
    <>
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input whose error sits beside it and is announced with it (aria-describedby). */
export function TextField({ label, name, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        className={`${control} ${error ? "border-red-700" : "border-slate-400"}`}
        {...input}
      />
      <Messages name={name} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({ label, name, error, hint, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        className={`${control} ${error ? "border-red-700" : "border-slate-400"}`}
        {...textarea}
      />
      <Messages name={name} error={error} hint={hint} />
    </div>
  );
}

/**
 * A field people never see (display: none) and bots fill in. The server accepts a
 * filled one silently and stores nothing.
 */
export function HoneypotField() {
  return (
    <div className="hidden">
      <label htmlFor="website">Leave this field empty</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
