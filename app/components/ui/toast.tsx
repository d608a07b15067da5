import { useEffect, useState } from "react";
import type { Toast } from "~/lib/toast";
import { m } from "~/paraglide/messages";

const styles = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-brand-600 bg-brand-50 text-brand-900",
} as const;

/**
 * Shows the server's toast. It is part of the server-rendered page (so it shows without
 * JavaScript); with JavaScript it also disappears after its duration or on Close. A success or
 * information toast is written into a status region that is on the page from the start, since
 * some screen readers announce only a change inside a live region they already know; an error
 * is an alert, which is announced when it appears.
 */
export function ToastMessage({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), toast.duration ?? 6_000);
    return () => clearTimeout(timer);
  }, [toast]);
  const card = visible ? (
    <div
      role={visible.type === "error" ? "alert" : undefined}
      data-testid="toast"
      className={`pointer-events-auto flex max-w-lg items-start gap-3 rounded-md border-l-4 px-4 py-3 shadow-lg ${styles[visible.type]}`}
    >
      <p className="text-sm font-medium">{visible.text}</p>
      <button type="button" onClick={() => setVisible(null)} className="ml-auto text-sm font-semibold underline">
        {m.forms_toast_close()}
      </button>
    </div>
  ) : null;
  return (
    // At the foot of a phone's screen (the header's Menu button stays free), at the top from 40rem.
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center px-4 sm:top-4 sm:bottom-auto">
      <div role="status" data-testid="toast-region" className="flex justify-center">
        {visible?.type === "error" ? null : card}
      </div>
      {visible?.type === "error" ? card : null}
    </div>
  );
}
