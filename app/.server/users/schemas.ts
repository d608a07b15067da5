import { z } from "zod";
import { roles } from "~/lib/roles";

export const profileSchema = z.object({
  name: z.string().trim().min(1, "Enter a name").max(100, "Use at most 100 characters"),
  phone: z
    .string()
    .trim()
    .max(20, "Use at most 20 characters")
    .refine((phone) => phone === "" || /^\+?[\d\s-]{6,20}$/.test(phone), "Enter a phone number: digits, spaces and an optional +"),
  address: z.string().trim().max(300, "Use at most 300 characters"),
});

export const changeRoleSchema = z.object({ role: z.enum(roles, { message: "Choose a role" }) });
