import { hasRole, type Role } from "./roles";

/** Who may open each role-restricted dashboard page (spec §2, Dashboard shell; admin counts as manager). */
export const pageRoles = {
  applications: ["manager", "consultant"],
  myAppointments: ["consultant"],
  appointmentTime: ["consultant"],
  messages: ["manager"],
  userManagement: ["manager"],
  addUniversity: ["manager", "consultant"],
  addConsultant: ["manager"],
  networkingMembers: ["manager"],
  siteSettings: ["manager"],
} as const satisfies Record<string, readonly Role[]>;

type MenuItem = { to: string; label: string; roles: readonly Role[] | "everyone" };

/** The side menu: the same role lists the pages enforce, so the two cannot disagree. */
const menu: MenuItem[] = [
  { to: "/dashboard", label: "Overview", roles: "everyone" },
  { to: "/dashboard/profile", label: "Profile", roles: "everyone" },
  { to: "/dashboard/applications", label: "Applications", roles: pageRoles.applications },
  { to: "/dashboard/my-appointments", label: "My Appointments", roles: pageRoles.myAppointments },
  { to: "/dashboard/appointment-time", label: "Appointment Time", roles: pageRoles.appointmentTime },
  { to: "/dashboard/messages", label: "Messages", roles: pageRoles.messages },
  { to: "/dashboard/user-management", label: "User Management", roles: pageRoles.userManagement },
  { to: "/dashboard/add-university", label: "Add University", roles: pageRoles.addUniversity },
  { to: "/dashboard/add-new-consultant", label: "Add Consultant", roles: pageRoles.addConsultant },
  { to: "/dashboard/add-new-networking-member", label: "Add Networking Member", roles: pageRoles.networkingMembers },
  { to: "/dashboard/manage-networking-member", label: "Manage Networking Members", roles: pageRoles.networkingMembers },
  { to: "/dashboard/settings", label: "Site Settings", roles: pageRoles.siteSettings },
];

export function menuFor(role: Role): { to: string; label: string }[] {
  return menu.filter((item) => item.roles === "everyone" || hasRole(role, item.roles)).map(({ to, label }) => ({ to, label }));
}
