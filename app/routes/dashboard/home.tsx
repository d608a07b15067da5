import {
  ClipboardList as ApplicationsIcon,
  CalendarCheck as BookingIcon,
  MessagesSquare as ConversationIcon,
  MapPinned as GuideIcon,
  Users as PeopleIcon,
  University as UniversityIcon,
} from "lucide";
import type { ReactNode } from "react";
import { applicationCounts } from "~/.server/applications/list-applications";
import { requireUser } from "~/.server/auth/session";
import { isAlsoConsultant } from "~/.server/consultants/require-consultant";
import { studentChecklist } from "~/.server/plan/checklist";
import { dashboardOverview } from "~/.server/users/overview";
import { menuIcon } from "~/components/dashboard/menu-icons";
import { Page } from "~/components/layout/page";
import { DocumentChecklist } from "~/components/plan/document-checklist";
import { Icon, type IconNode, IconTile } from "~/components/ui/icons";
import { TableHead } from "~/components/ui/table-head";
import { TextLink } from "~/components/ui/text-link";
import { applicationStatuses, statusLabels } from "~/lib/applications";
import { menuFor, pageRoles, roleLabel } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { hasRole, type Role, roles } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [overview, checklist, applications] = await Promise.all([
    dashboardOverview(user),
    // The papers for the student's own application (draft, else the one being processed).
    user.role === "student" ? studentChecklist(user.id) : null,
    hasRole(user.role, pageRoles.applications) ? applicationCounts(user.id) : null,
  ]);
  return {
    name: user.name,
    role: user.role,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    // Staff's work, as links; a student or networking member sees their next steps instead.
    links: showsNextSteps(user.role)
      ? []
      : menuFor(user.role, { consultantProfile: isAlsoConsultant(user) }).filter((item) => item.to !== "/dashboard"),
    overview,
    checklist,
    applications,
  };
}

/** Staff's applications by status: those assigned to them, and all, each a link to the list so filtered. */
function ApplicationCounts({ counts }: { counts: { status: (typeof applicationStatuses)[number]; all: number; mine: number }[] }) {
  const byStatus = new Map(counts.map((row) => [row.status, row]));
  const statuses = applicationStatuses.filter((status) => status !== "draft");
  return (
    <Panel id="applications" title={m.dashboard_menu_applications()} className="rounded-lg border border-slate-200 p-5">
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <TableHead
            rowClassName="border-b border-slate-200 text-slate-700"
            columns={[
              { label: m.dashboard_home_status(), className: "py-2 pr-3 font-semibold" },
              { label: m.dashboard_home_assigned_to_me(), className: "py-2 pr-3 text-right font-semibold" },
              { label: m.dashboard_home_all(), className: "py-2 text-right font-semibold" },
            ]}
          />
          <tbody>
            {statuses.map((status) => (
              <tr key={status} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  {statusLabels[status]}
                </th>
                <td className="py-2 pr-3 text-right">
                  <TextLink href={localizedPath(`/dashboard/applications?assigned=me&status=${status}`)}>
                    {groupThousands(byStatus.get(status)?.mine ?? 0)}
                  </TextLink>
                </td>
                <td className="py-2 text-right">
                  <TextLink href={localizedPath(`/dashboard/applications?assigned=any&status=${status}`)}>
                    {groupThousands(byStatus.get(status)?.all ?? 0)}
                  </TextLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

const roleCounts: Record<Role, () => string> = {
  student: m.dashboard_home_count_students,
  networking: m.dashboard_home_count_networking,
  consultant: m.dashboard_home_count_consultants,
  manager: m.dashboard_home_count_managers,
  admin: m.dashboard_home_count_admins,
};

/** Students and networking members are shown their next steps; staff, links to their work. */
function showsNextSteps(role: Role) {
  return role === "student" || role === "networking";
}

/** A student's next steps, from reading to applying. */
const studentSteps: { to: string; label: () => string; text: () => string; icon: IconNode }[] = [
  { to: "/countries", label: m.dashboard_home_step_countries, text: m.dashboard_home_step_countries_text, icon: GuideIcon },
  { to: "/contact", label: m.dashboard_home_step_contact, text: m.dashboard_home_step_contact_text, icon: ConversationIcon },
  { to: "/find-university", label: m.dashboard_home_step_find, text: m.dashboard_home_step_find_text, icon: UniversityIcon },
  { to: "/book-appointment", label: m.dashboard_home_step_book, text: m.dashboard_home_step_book_text, icon: BookingIcon },
  { to: "/apply", label: m.dashboard_home_step_apply, text: m.dashboard_home_step_apply_text, icon: ApplicationsIcon },
  { to: "/networking", label: m.dashboard_home_step_networking, text: m.dashboard_home_step_networking_text, icon: PeopleIcon },
];

export default function DashboardHomePage({ loaderData }: Route.ComponentProps) {
  const { name, role, emailVerified, twoFactorEnabled, links, overview, checklist, applications } = loaderData;
  return (
    <Page title={m.dashboard_home_title({ name })} intro={m.dashboard_home_intro({ role: roleLabel(role) })}>
      <div className="grid gap-6">
        <Panel id="account" title={m.dashboard_home_account()} className="rounded-lg border border-slate-200 p-5">
          <ul className="mt-2 grid gap-1 text-slate-800">
            <li>{emailVerified ? m.dashboard_home_email_confirmed() : m.dashboard_home_email_unconfirmed()}</li>
            <li>
              {twoFactorEnabled ? m.dashboard_home_two_factor_on() : m.dashboard_home_two_factor_off()} (
              <TextLink href={localizedPath("/dashboard/profile")} weight="normal">
                {m.dashboard_home_change_in_profile()}
              </TextLink>
              )
            </li>
          </ul>
        </Panel>

        {checklist ? <DocumentChecklist checklist={checklist} viewer="student" /> : null}

        {applications ? <ApplicationCounts counts={applications} /> : null}

        {overview.usersByRole ? (
          <Panel id="figures" title={m.dashboard_home_at_a_glance()} className="rounded-lg border border-slate-200 p-5">
            <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
              {roles.map((r) => (
                <div key={r} className="rounded-md bg-slate-50 p-3">
                  <dt className="text-sm text-slate-700">{roleCounts[r]()}</dt>
                  <dd className="text-2xl font-bold">{groupThousands(overview.usersByRole?.[r] ?? 0)}</dd>
                </div>
              ))}
              <div className="rounded-md bg-amber-50 p-3">
                <dt className="text-sm text-slate-700">{m.dashboard_home_open_messages()}</dt>
                <dd className="text-2xl font-bold">{overview.openMessages === null ? null : groupThousands(overview.openMessages)}</dd>
              </div>
            </dl>
          </Panel>
        ) : null}

        {showsNextSteps(role) ? (
          <Panel id="next" title={m.dashboard_home_next_steps()} className="grid gap-3">
            <ul className="grid gap-3 sm:grid-cols-2">
              {studentSteps.map((step) => (
                <li key={step.to} className="flex gap-3 rounded-card border border-slate-200 p-4">
                  <IconTile icon={step.icon} />
                  <div>
                    <TextLink href={localizedPath(step.to)}>{step.label()}</TextLink>
                    <p className="mt-1 text-sm text-slate-700">{step.text()}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Panel>
        ) : (
          <Panel id="work" title={m.dashboard_home_work()} className="grid gap-3">
            <ul className="flex flex-wrap gap-3">
              {links.map((link) => (
                <li key={link.to}>
                  <a
                    href={localizedPath(link.to)}
                    className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-brand-50"
                  >
                    <Icon icon={menuIcon(link.to)} className="text-brand-700" />
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </Panel>
        )}
      </div>
    </Page>
  );
}

/** A part of the overview under its h2, which names it for screen readers through `id`. */
function Panel({ id, title, className, children }: { id: string; title: string; className: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.dashboard_home_meta_title() }];
