import type { IconName } from "../ui/icons";

/** Each menu page's icon (the menu itself comes from the loader: app/lib/dashboard-menu.ts). */
const menuIcons: Record<string, IconName> = {
  "/dashboard": "dashboard",
  "/dashboard/profile": "profile",
  "/dashboard/applications": "applications",
  "/dashboard/my-appointments": "appointments",
  "/dashboard/appointment-time": "booking",
  "/dashboard/messages": "inbox",
  "/dashboard/user-management": "userManagement",
  "/dashboard/add-university": "university",
  "/dashboard/add-new-consultant": "userAdd",
  "/dashboard/add-new-networking-member": "userAdd",
  "/dashboard/manage-networking-member": "users",
  "/dashboard/settings": "settings",
};

export function menuIcon(to: string): IconName {
  return menuIcons[to] ?? "dashboard";
}
