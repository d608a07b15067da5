import { type ApplicationStatus, statusLabels } from "~/lib/applications";
import { cn } from "~/lib/cn";

const tones: Record<ApplicationStatus, string> = {
  draft: "bg-slate-100 text-slate-700",
  submitted: "bg-brand-100 text-brand-800",
  processing: "bg-accent-100 text-accent-700",
  "documents-requested": "bg-amber-100 text-amber-900",
  rejected: "bg-red-100 text-red-800",
  completed: "bg-emerald-100 text-emerald-900",
  withdrawn: "bg-slate-200 text-slate-800",
};

/** An application's status; `data-status` is the contract outside checks read. */
export function StatusBadge({ status, className }: { status: ApplicationStatus; className?: string }) {
  return (
    <span
      data-status={status}
      className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", tones[status], className)}
    >
      {statusLabels[status]}
    </span>
  );
}
