import { m } from "~/paraglide/messages";

/** Every role, from least to most privileged. The database enum is built from this list. */
export const roles = ["student", "networking", "consultant", "manager", "admin"] as const;
export type Role = (typeof roles)[number];

/** Staff review applications and run appointments. */
export const staffRoles = ["consultant", "manager", "admin"] as const satisfies readonly Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

/** Whether someone with `role` may do what `allowed` admits; admin always counts as manager. */
export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role) || (role === "admin" && allowed.includes("manager"));
}

const roleLabels: Record<Role, () => string> = {
  student: m.staff_role_student,
  networking: m.staff_role_networking,
  consultant: m.staff_role_consultant,
  manager: m.staff_role_manager,
  admin: m.staff_role_admin,
};

/** A role as people read it, in the page's language ("consultant", "কনসালট্যান্ট"); the stored value stays `role`. */
export function roleLabel(role: Role): string {
  return roleLabels[role]();
}
