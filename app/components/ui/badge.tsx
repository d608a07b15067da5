import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

const tones = {
  success: "bg-emerald-100 text-emerald-900",
  warning: "bg-accent-100 text-accent-700",
  brand: "bg-brand-100 text-brand-800",
  neutral: "bg-slate-100 text-slate-700",
} as const;

export type BadgeTone = keyof typeof tones;

/** A short status label ("Launched", "Pending", "Active"). */
export function Badge({ tone = "neutral", children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap", tones[tone], className)}>
      {children}
    </span>
  );
}
