import type { ReactNode } from "react";
import { Form } from "react-router";
import { applicationFormChoices } from "~/.server/applications/form-choices";
import { listApplications } from "~/.server/applications/list-applications";
import { requireRole } from "~/.server/auth/session";
import { readQuery } from "~/.server/read-query";
import { ApplicationCards } from "~/components/applications/application-cards";
import { LIST_SEARCH_MAX_LENGTH } from "~/components/dashboard/list-search";
import { Page } from "~/components/layout/page";
import { Button, LinkButton } from "~/components/ui/button";
import { Select } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { type ApplicationStatus, applicationStatuses, statusLabels } from "~/lib/applications";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { serialize } from "~/lib/serialized";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/applications";

const listedStatuses = applicationStatuses.filter((status) => status !== "draft");
type ListedStatus = Exclude<ApplicationStatus, "draft">;

const assignedChoices = [
  { value: "me", label: m.staff_assigned_me },
  { value: "unassigned", label: m.staff_assigned_unassigned },
  { value: "any", label: m.staff_assigned_any },
] as const;
type Assigned = (typeof assignedChoices)[number]["value"];

/**
 * Submitted applications for staff, newest first: by whose they are, status, country, and name or
 * e-mail (`assigned`, `status`, `country`, `q`, `page`). A consultant's list opens on their own;
 * a search or filter without `assigned` (a link) looks at everyone's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, pageRoles.applications);
  const params = readQuery(request);
  const assignedParam = params.get("assigned");
  const assignedByDefault: Assigned =
    user.role === "consultant" && !["q", "status", "country"].some((name) => params.has(name)) ? "me" : "any";
  const assigned: Assigned = assignedChoices.some((choice) => choice.value === assignedParam)
    ? (assignedParam as Assigned)
    : assignedByDefault;
  const q = (params.get("q") ?? "").trim().slice(0, LIST_SEARCH_MAX_LENGTH);
  const statusParam = params.get("status") ?? "";
  const status = (listedStatuses as readonly string[]).includes(statusParam) ? (statusParam as ListedStatus) : undefined;
  const { countries } = await applicationFormChoices();
  const countryParam = params.get("country") ?? "";
  const country = countryParam && countryParam.length <= 60 ? countryParam : undefined;
  const assignedTo = assigned === "me" ? user.id : assigned === "unassigned" ? null : undefined;
  const list = await listApplications({ status, country, q, assignedTo, page: parsePage(params.get("page")) });
  return {
    ...list,
    items: list.items.map((item) => ({ ...serialize(item), href: `/dashboard/applications/${item.id}` })),
    q,
    status: status ?? "",
    country: country ?? "",
    assigned,
    /** What the list shows with no `assigned` in the address: "Clear" comes back to it. */
    assignedByDefault,
    countries: country && !countries.includes(country) ? [...countries, country] : countries,
  };
}

export default function ApplicationsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, q, status, country, countries, assigned, assignedByDefault } = loaderData;
  const filtered = Boolean(q || status || country || assigned !== assignedByDefault);
  return (
    <Page title={m.staff_applications_title()}>
      <Form
        method="get"
        role="search"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
      >
        <StackedField id="applications-q" label={m.staff_name_or_email()}>
          <input
            id="applications-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={LIST_SEARCH_MAX_LENGTH}
            className="mt-1 block w-full min-w-0 rounded-md border border-slate-400 px-3 py-2"
          />
        </StackedField>
        <StackedSelect
          id="applications-assigned"
          label={m.staff_applications_whose()}
          name="assigned"
          value={assigned}
          options={assignedChoices.map((choice) => ({ value: choice.value, label: choice.label() }))}
        />
        <StackedSelect
          id="applications-status"
          label={m.staff_status()}
          name="status"
          value={status}
          options={[{ value: "", label: m.staff_any_status() }, ...listedStatuses.map((value) => ({ value, label: statusLabels[value] }))]}
        />
        <StackedSelect
          id="applications-country"
          label={m.staff_country()}
          name="country"
          value={country}
          options={[{ value: "", label: m.staff_any_country() }, ...countries.map((value) => ({ value, label: value }))]}
        />
        <div className="flex gap-2">
          <Button>{m.staff_filter()}</Button>
          {filtered ? (
            <LinkButton href={localizedPath("/dashboard/applications")} size="md" variant="outline">
              {m.staff_clear()}
            </LinkButton>
          ) : null}
        </div>
      </Form>
      <p className="mt-4 text-sm text-slate-700" aria-live="polite">
        {total === 0
          ? filtered
            ? m.staff_applications_none_match()
            : m.staff_applications_none()
          : (filtered ? m.staff_applications_count_match : m.staff_applications_count)({ count: total, countText: groupThousands(total) })}
      </p>
      <ApplicationCards items={items} showApplicant />
      <Pager page={page} pageCount={pageCount} />
    </Page>
  );
}

/** A filter's choice under its label: `options` in order, the first empty one meaning "any". */
function StackedSelect({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <StackedField id={id} label={label}>
      <Select look="stacked" id={id} name={name} defaultValue={value}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </StackedField>
  );
}

/** A filter's label above its control (`id` ties them). */
function StackedField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_applications_title() }) }];
