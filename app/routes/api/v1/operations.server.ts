import { accountOperations } from "./account.server";
import { applicationOperations } from "./applications.server";
import { authOperations } from "./auth.server";
import { bookingOperations } from "./bookings.server";
import { catalogueFileOperations } from "./catalogue-files.server";
import { checklistOperations } from "./checklist.server";
import { contactOperations } from "./contact.server";
import { managementOperations } from "./management.server";
import { networkingOperations } from "./networking.server";
import type { Operation } from "./operation.server";
import { routesOf } from "./router.server";
import { shortlistOperations } from "./shortlist.server";
import { universityOperations } from "./universities.server";
import { userOperations } from "./users.server";

/** Every operation of the JSON API, in the order the reference lists them. */
export const operations: readonly Operation[] = [
  ...authOperations,
  ...accountOperations,
  ...userOperations,
  ...universityOperations,
  ...catalogueFileOperations,
  ...shortlistOperations,
  ...applicationOperations,
  ...checklistOperations,
  ...bookingOperations,
  ...networkingOperations,
  ...contactOperations,
  ...managementOperations,
];

export const apiRoutes = routesOf(operations);
