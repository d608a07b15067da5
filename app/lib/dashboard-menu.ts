import { m } from "~/paraglide/messages";
import { hasRole, type Role } from "./roles";

/** Who may open each role-restricted dashboard page (spec §2, Dashboard shell; admin counts as manager). */
export const pageRoles = {
  applications: ["manager", "consultant"],
  myAppointments: ["consultant"],
  /** Every booking of every consultant, with the consultant's status actions. */
  bookings: ["manager"],
  appointmentTime: ["consultant"],
  messages: ["manager"],
  userManagement: ["manager"],
  addUniversity: ["manager", "consultant"],
  /** Importing universities from a CSV file (every staff member may export them: addUniversity). */
  importUniversities: ["manager"],
  addConsultant: ["manager"],
  /** The consultants list: edit and deactivate. */
  consultants: ["manager"],
  networkingMembers: ["manager"],
  siteSettings: ["manager"],
  /** Writing to a networking member (Connect, from the directory). */
  connectWithMember: ["student"],
  /** Grades, English test, plans and budget, which fit and the application form read. */
  academicProfile: ["student"],
} as const satisfies Record<string, readonly Role[]>;

type MenuItem = {
  to: string;
  /** The label's message, read when the menu is built (in the request's language). */
  label: () => string;
  roles: readonly Role[] | "everyone";
  /** Also shown to a manager or admin who is a consultant as well (has a consultant profile). */
  consultantProfile?: true;
};

/** A menu entry as the shell shows it; `unread`: messages waiting on that page's applications. */
export type MenuEntry = { to: string; label: string; unread?: number };

/** The page whose applications carry the person's unread messages: staff's list, or a student's own. */
export function threadsPage(role: Role): { to: string; as: "staff" | "owner" } {
  return hasRole(role, pageRoles.applications)
    ? { to: "/dashboard/applications", as: "staff" }
    : { to: "/dashboard/my-applications", as: "owner" };
}

/** The side menu: the same role lists the pages enforce, so the two cannot disagree. */
const menu: MenuItem[] = [
  { to: "/dashboard", label: m.dashboard_menu_overview, roles: "everyone" },
  { to: "/dashboard/profile", label: m.dashboard_menu_profile, roles: "everyone" },
  { to: "/dashboard/academic-profile", label: m.dashboard_menu_academic_profile, roles: pageRoles.academicProfile },
  { to: "/dashboard/shortlist", label: m.dashboard_menu_shortlist, roles: "everyone" },
  { to: "/dashboard/my-bookings", label: m.dashboard_menu_my_bookings, roles: "everyone" },
  { to: "/dashboard/applications", label: m.dashboard_menu_applications, roles: pageRoles.applications },
  // Anyone signed in may apply; the menu offers their own list to those who are not staff.
  { to: "/dashboard/my-applications", label: m.dashboard_menu_my_applications, roles: ["student", "networking"] },
  {
    to: "/dashboard/my-appointments",
    label: m.dashboard_menu_my_appointments,
    roles: pageRoles.myAppointments,
    consultantProfile: true,
  },
  {
    to: "/dashboard/appointment-time",
    label: m.dashboard_menu_appointment_time,
    roles: pageRoles.appointmentTime,
    consultantProfile: true,
  },
  { to: "/dashboard/bookings", label: m.dashboard_menu_bookings, roles: pageRoles.bookings },
  { to: "/dashboard/messages", label: m.dashboard_menu_messages, roles: pageRoles.messages },
  { to: "/dashboard/user-management", label: m.dashboard_menu_user_management, roles: pageRoles.userManagement },
  { to: "/dashboard/add-university", label: m.dashboard_menu_add_university, roles: pageRoles.addUniversity },
  { to: "/dashboard/universities", label: m.dashboard_menu_universities, roles: pageRoles.addUniversity },
  { to: "/dashboard/add-new-consultant", label: m.dashboard_menu_add_consultant, roles: pageRoles.addConsultant },
  { to: "/dashboard/consultants", label: m.dashboard_menu_consultants, roles: pageRoles.consultants },
  { to: "/dashboard/add-new-networking-member", label: m.dashboard_menu_add_networking_member, roles: pageRoles.networkingMembers },
  {
    to: "/dashboard/manage-networking-member",
    label: m.dashboard_menu_manage_networking_members,
    roles: pageRoles.networkingMembers,
  },
  { to: "/dashboard/settings", label: m.dashboard_menu_site_settings, roles: pageRoles.siteSettings },
];

/** `consultantProfile`: the person (a manager or admin) is also a consultant, with their own slots and bookings. */
export function menuFor(role: Role, options: { consultantProfile?: boolean } = {}): MenuEntry[] {
  return menu
    .filter(
      (item) => item.roles === "everyone" || hasRole(role, item.roles) || (item.consultantProfile && options.consultantProfile === true),
    )
    .map(({ to, label }) => ({ to, label: label() }));
}

/** A role's name for people (the stored value stays as it is): "student", "শিক্ষার্থী". */
export function roleLabel(role: Role): string {
  const labels: Record<Role, () => string> = {
    student: m.dashboard_role_student,
    networking: m.dashboard_role_networking,
    consultant: m.dashboard_role_consultant,
    manager: m.dashboard_role_manager,
    admin: m.dashboard_role_admin,
  };
  return labels[role]();
}
