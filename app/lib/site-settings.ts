/** Contact details and links shown across the public site (read on the server, passed as props). */
export type SiteSettings = {
  contactEmail: string;
  contactPhone: string;
  city: string;
  country: string;
  /** External scheduling page behind "Book a Call"; the button is hidden when unset. */
  bookingUrl: string | undefined;
  social: { facebook?: string; instagram?: string; linkedin?: string; youtube?: string };
};

/** Schedule and fee of the IELTS online batches (Batch 1 Weekend, Batch 2 Regular), when staff have set them. */
export type IeltsBatchSettings = Record<"weekend" | "regular", { schedule: string | undefined; fee: string | undefined }>;
