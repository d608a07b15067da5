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
  label: string;
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
  { to: "/dashboard", label: "Overview", roles: "everyone" },
  { to: "/dashboard/profile", label: "Profile", roles: "everyone" },
  { to: "/dashboard/academic-profile", label: "Academic Profile", roles: pageRoles.academicProfile },
  { to: "/dashboard/shortlist", label: "Shortlist", roles: "everyone" },
  { to: "/dashboard/my-bookings", label: "My Bookings", roles: "everyone" },
  { to: "/dashboard/applications", label: "Applications", roles: pageRoles.applications },
  // Anyone signed in may apply; the menu offers their own list to those who are not staff.
  { to: "/dashboard/my-applications", label: "My Applications", roles: ["student", "networking"] },
  {
    to: "/dashboard/my-appointments",
    label: "My Appointments",
    roles: pageRoles.myAppointments,
    consultantProfile: true,
  },
  {
    to: "/dashboard/appointment-time",
    label: "Appointment Time",
    roles: pageRoles.appointmentTime,
    consultantProfile: true,
  },
  { to: "/dashboard/bookings", label: "Bookings", roles: pageRoles.bookings },
  { to: "/dashboard/messages", label: "Messages", roles: pageRoles.messages },
  { to: "/dashboard/user-management", label: "User Management", roles: pageRoles.userManagement },
  { to: "/dashboard/add-university", label: "Add University", roles: pageRoles.addUniversity },
  { to: "/dashboard/universities", label: "Universities", roles: pageRoles.addUniversity },
  { to: "/dashboard/add-new-consultant", label: "Add Consultant", roles: pageRoles.addConsultant },
  { to: "/dashboard/consultants", label: "Consultants", roles: pageRoles.consultants },
  { to: "/dashboard/add-new-networking-member", label: "Add Networking Member", roles: pageRoles.networkingMembers },
  {
    to: "/dashboard/manage-networking-member",
    label: "Manage Networking Members",
    roles: pageRoles.networkingMembers,
  },
  { to: "/dashboard/settings", label: "Site Settings", roles: pageRoles.siteSettings },
];

/** `consultantProfile`: the person (a manager or admin) is also a consultant, with their own slots and bookings. */
export function menuFor(role: Role, options: { consultantProfile?: boolean } = {}): MenuEntry[] {
  return menu
    .filter(
      (item) => item.roles === "everyone" || hasRole(role, item.roles) || (item.consultantProfile && options.consultantProfile === true),
    )
    .map(({ to, label }) => ({ to, label }));
}
