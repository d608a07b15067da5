import type { HTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/** A panel on the page: white, rounded, resting on a soft shadow. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-card border border-slate-200 bg-white shadow-card", className)} {...props} />;
}
