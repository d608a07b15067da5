/**
 * Which of the product's main features answer today. Texts that would promise one (the FAQ, the
 * dashboard's next steps) look here, so none of them sends people to a page that only says "not
 * available yet"; the issue that builds a feature turns its flag on.
 */
export const featureAvailable = {
  universities: true,
  applications: true,
  booking: true,
  networking: true,
} as const satisfies Record<string, boolean>;

export type Feature = keyof typeof featureAvailable;
