/** Contact details and links shown across the public site (read on the server, passed as props). */
export type SiteSettings = {
  contactEmail: string;
  /** "" until staff set one; while it is "", no page shows a phone number. */
  contactPhone: string;
  city: string;
  country: string;
  /** External scheduling page behind "Book a Call"; when unset the button leads to our own booking or the contact form (app/lib/next-steps.ts). */
  bookingUrl: string | undefined;
  social: { facebook?: string; instagram?: string; linkedin?: string; youtube?: string };
};

/** Schedule and fee of the IELTS online batches (Batch 1 Weekend, Batch 2 Regular), when staff have set them. */
export type IeltsBatchSettings = Record<"weekend" | "regular", { schedule: string | undefined; fee: string | undefined }>;

/** A `tel:` link for a phone number as staff wrote it (digits and a leading + only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
