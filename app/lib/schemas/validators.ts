import type { z } from "zod";
import { AcademicProfileFormSchema } from "./academic-profile";
import { ApplicationFormBrowserSchema, StaffNoteSchema } from "./applications";
import {
  changePasswordSchema,
  emailOnlySchema,
  passwordOnlySchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  totpCodeSchema,
} from "./auth";
import { BookingFormSchema, ConsultantEditBrowserSchema, ConsultantFormBrowserSchema, SlotFormSchema } from "./booking";
import { ContactFormSchema, EnrolmentFormSchema } from "./contact";
import { ConnectFormSchema, MemberFormBrowserSchema } from "./networking";
import { parseForm } from "./parse-form";
import { ProfileFormSchema } from "./profile";
import { SiteSettingsFormSchema } from "./settings";
import { SetupSchema } from "./setup";
import { UniversityEditBrowserSchema, UniversityFormBrowserSchema } from "./universities";

/**
 * The browser's validators, one per form, over the same schemas the actions use. Loaded
 * on demand (the first time someone focuses a form), so a page with a form renders and
 * hydrates without Zod; until then, and without JavaScript, the server is the only judge.
 */
const validator = (schema: z.ZodType) => (formData: FormData) => parseForm(formData, schema);

export const validators = {
  contact: validator(ContactFormSchema),
  enrolment: validator(EnrolmentFormSchema),
  signIn: validator(signInSchema),
  signUp: validator(signUpSchema),
  emailOnly: validator(emailOnlySchema),
  resetPassword: validator(resetPasswordSchema),
  totpCode: validator(totpCodeSchema),
  changePassword: validator(changePasswordSchema),
  passwordOnly: validator(passwordOnlySchema),
  profile: validator(ProfileFormSchema),
  academicProfile: validator(AcademicProfileFormSchema),
  siteSettings: validator(SiteSettingsFormSchema),
  setup: validator(SetupSchema),
  member: validator(MemberFormBrowserSchema),
  connect: validator(ConnectFormSchema),
  university: validator(UniversityFormBrowserSchema),
  universityEdit: validator(UniversityEditBrowserSchema),
  application: validator(ApplicationFormBrowserSchema),
  staffNote: validator(StaffNoteSchema),
  consultant: validator(ConsultantFormBrowserSchema),
  consultantEdit: validator(ConsultantEditBrowserSchema),
  slot: validator(SlotFormSchema),
  booking: validator(BookingFormSchema),
};

export type ValidatorName = keyof typeof validators;
