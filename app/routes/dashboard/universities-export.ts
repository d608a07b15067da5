import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/universities-export";
import { requireRoleForFile } from "./staff-file.server";
import { catalogueCsvResponse } from "./university-csv.server";

/** GET /dashboard/universities/export.csv (every staff member): the whole catalogue in the import's format (ADR 026). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRoleForFile(request, pageRoles.addUniversity);
  return catalogueCsvResponse();
}
