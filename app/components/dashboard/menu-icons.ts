import {
  GraduationCap as AcademicProfileIcon,
  ClipboardList as ApplicationsIcon,
  CalendarClock as AppointmentsIcon,
  CalendarCheck as BookingIcon,
  Library as CatalogueIcon,
  Contact as ConsultantsIcon,
  LayoutDashboard as DashboardIcon,
  type IconNode,
  Inbox as InboxIcon,
  FileCheck as MyApplicationsIcon,
  CalendarHeart as MyBookingsIcon,
  UserPlus as NewPersonIcon,
  Users as PeopleIcon,
  UserRound as ProfileIcon,
  Settings as SettingsIcon,
  Heart as ShortlistIcon,
  University as UniversityIcon,
  UserCog as UserManagementIcon,
} from "lucide";

/** Each menu page's icon (the menu itself comes from the loader: app/lib/dashboard-menu.ts). */
const menuIcons: Record<string, IconNode> = {
  "/dashboard": DashboardIcon,
  "/dashboard/profile": ProfileIcon,
  "/dashboard/academic-profile": AcademicProfileIcon,
  "/dashboard/shortlist": ShortlistIcon,
  "/dashboard/my-bookings": MyBookingsIcon,
  "/dashboard/applications": ApplicationsIcon,
  "/dashboard/my-applications": MyApplicationsIcon,
  "/dashboard/my-appointments": AppointmentsIcon,
  "/dashboard/appointment-time": BookingIcon,
  "/dashboard/bookings": AppointmentsIcon,
  "/dashboard/messages": InboxIcon,
  "/dashboard/user-management": UserManagementIcon,
  "/dashboard/add-university": UniversityIcon,
  "/dashboard/universities": CatalogueIcon,
  "/dashboard/add-new-consultant": NewPersonIcon,
  "/dashboard/consultants": ConsultantsIcon,
  "/dashboard/add-new-networking-member": NewPersonIcon,
  "/dashboard/manage-networking-member": PeopleIcon,
  "/dashboard/settings": SettingsIcon,
};

export function menuIcon(to: string): IconNode {
  return menuIcons[to] ?? DashboardIcon;
}
