import { Circle as NotReadyIcon, CircleCheck as ReadyIcon } from "lucide";
import { Form } from "react-router";
import type { ApplicationStatus } from "~/lib/applications";
import type { ChecklistItem, ChecklistKind } from "~/lib/checklist";
import { cn } from "~/lib/cn";
import { formatDigits } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import { Button } from "../ui/button";
import { Icon } from "../ui/icons";

export type DocumentChecklistData = {
  applicationId: string;
  country: string;
  status: ApplicationStatus;
  items: ChecklistItem[];
  ready: number;
  total: number;
};

const groups: { kind: ChecklistKind; title: () => string }[] = [
  { kind: "paper", title: m.dashboard_checklist_papers },
  { kind: "sponsor", title: m.dashboard_checklist_sponsor },
];

/**
 * An application's document checklist: the country guide's papers and sponsor documents, how many
 * are ready, and each item's state in words and an icon (never colour alone). The student ticks the
 * items no uploaded document stands for (a button each, a plain POST); staff (`viewer` staff) only read.
 */
export function DocumentChecklist({
  checklist,
  viewer,
  returnTo = "/dashboard",
}: {
  checklist: DocumentChecklistData;
  viewer: "student" | "staff";
  returnTo?: string;
}) {
  const headingId = `checklist-${checklist.applicationId}`;
  const progressId = `${headingId}-progress`;
  const percent = checklist.total === 0 ? 0 : Math.round((checklist.ready / checklist.total) * 100);
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {viewer === "student" ? m.dashboard_checklist_title_student({ country: checklist.country }) : m.dashboard_checklist_title_staff()}
      </h2>
      {viewer === "staff" ? (
        <p className="mt-1 text-sm text-slate-700">{m.dashboard_checklist_from_guide({ country: checklist.country })}</p>
      ) : null}
      <p id={progressId} className="mt-2 font-semibold text-slate-900" data-ready={checklist.ready} data-total={checklist.total}>
        {m.dashboard_checklist_progress({ ready: formatDigits(checklist.ready), total: formatDigits(checklist.total) })}
      </p>
      <div
        role="progressbar"
        aria-labelledby={progressId}
        aria-valuemin={0}
        aria-valuemax={checklist.total}
        aria-valuenow={checklist.ready}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      {groups.map((group) => {
        const items = checklist.items.filter((item) => item.kind === group.kind);
        const groupId = `${headingId}-${group.kind}`;
        return (
          <div key={group.kind} className="mt-5">
            <h3 id={groupId} className="font-semibold text-slate-900">
              {group.title()}
            </h3>
            {items.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">{m.dashboard_checklist_not_needed({ country: checklist.country })}</p>
            ) : (
              <ul aria-labelledby={groupId} className="mt-2 grid gap-2">
                {items.map((item) => (
                  <ChecklistRow
                    key={item.key}
                    item={item}
                    viewer={viewer}
                    action={`/dashboard/checklist/${checklist.applicationId}`}
                    returnTo={returnTo}
                  />
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}

function ChecklistRow({
  item,
  viewer,
  action,
  returnTo,
}: {
  item: ChecklistItem;
  viewer: "student" | "staff";
  action: string;
  returnTo: string;
}) {
  return (
    <li className={cn("flex gap-3 rounded-md border p-3", item.ready ? "border-emerald-200 bg-emerald-50" : "border-slate-200")}>
      <Icon
        icon={item.ready ? ReadyIcon : NotReadyIcon}
        className={cn("mt-0.5 size-5 shrink-0", item.ready ? "text-emerald-700" : "text-slate-500")}
      />
      <div className="min-w-0 flex-1">
        <p className="break-words text-slate-900">{item.text}</p>
        <p className="mt-1 text-sm text-slate-700">{stateText(item, viewer)}</p>
      </div>
      {item.manual && viewer === "student" ? (
        <Form method="post" action={action} className="shrink-0">
          <input type="hidden" name="item" value={item.key} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button size="sm" variant={item.ready ? "outline" : "secondary"} name="intent" value={item.ready ? "untick" : "tick"}>
            {item.ready ? m.dashboard_checklist_untick() : m.dashboard_checklist_tick()}
            <span className="sr-only">: {item.text}</span>
          </Button>
        </Form>
      ) : null}
    </li>
  );
}

/** The item's state in words, so that it does not rest on the icon or the colour. */
function stateText(item: ChecklistItem, viewer: "student" | "staff"): string {
  if (!item.manual) {
    const documents = item.documentsLabel ?? "";
    return item.ready ? m.dashboard_checklist_ready_uploaded({ documents }) : m.dashboard_checklist_not_ready_needs({ documents });
  }
  if (item.ready) return viewer === "student" ? m.dashboard_checklist_ready_you() : m.dashboard_checklist_ready_student();
  return viewer === "student" ? m.dashboard_checklist_not_ready_tick() : m.dashboard_checklist_not_ready();
}
